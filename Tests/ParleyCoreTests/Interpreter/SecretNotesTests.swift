import ParleyCore
import ParleyModel
import Testing

/// The interpreter reports every secret value it renders, before any note that could show it,
/// so the host can mask it: in actions, and in failure messages that quote an expected value.
@Suite("interpreter: secrets are reported")
struct SecretNotesTests {
    static let environment: @Sendable (Reference) -> String? = { reference in
        if case .secret("TOKEN") = reference { return "s3cr3t" }
        return nil
    }

    /// The secret values noted before the first note that mentions `s3cr3t`, and whether any did.
    static func notedBeforeUse(_ notes: [InterpreterNote]) -> Bool {
        var known: Set<String> = []
        for note in notes {
            if case .secrets(let values) = note {
                known.formUnion(values)
            } else if "\(note)".contains("s3cr3t") && !known.contains("s3cr3t") {
                return false
            }
        }
        return known.contains("s3cr3t")
    }

    @Test("a secret only in an expectation is reported before the failure that quotes it")
    func expectationSecret() throws {
        var machine = try Machine(
            """
            flow: Token echo
            steps:
              - send: what is my token?
              - expect: { reply: "${secret.TOKEN}", within: 1s }
            """, settings: FlowInterpreter.Settings(environment: Self.environment))
        var notes = machine.start().notes
        notes += machine.performed(at: .zero).notes
        notes += machine.receive(Events.reply("I cannot tell"), at: .ms(100)).notes
        let output = machine.deadline(at: .seconds(1))
        notes += output.notes
        #expect(output.failure?.message.contains("s3cr3t") == true)
        #expect(Self.notedBeforeUse(notes))
    }

    @Test("a secret in an expect_no, a condition or a capture pattern is reported when the step starts")
    func otherMatchers() throws {
        for step in [
            "- expect_no: { reply: { contains: \"${secret.TOKEN}\" } }",
            "- if: { received: { reply: \"${secret.TOKEN}\" } }\n    then: [{ log: seen }]",
            "- capture: { code: { from: reply, regex: \"${secret.TOKEN} (\\\\d+)\" } }",
        ] {
            var machine = try Machine(
                """
                flow: Secrets in matchers
                steps:
                  - send: hi
                  - expect: reply
                  \(step)
                """, settings: FlowInterpreter.Settings(environment: Self.environment))
            var notes = machine.start().notes
            notes += machine.performed(at: .zero).notes
            notes += machine.receive(Events.reply("nothing to see"), at: .ms(100)).notes
            notes += machine.receive(Events.turnEnded, at: .ms(200)).notes
            #expect(notes.contains(.secrets(["s3cr3t"])), "\(step)")
        }
    }
}
