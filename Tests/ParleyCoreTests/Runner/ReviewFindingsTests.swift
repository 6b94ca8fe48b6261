import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// What a second read of the trust work found: a secret in a run's name, a matcher that cannot
/// render read as a pass under `not`, and a multi-variable capture that woke for nothing.
@Suite("trust: second read")
struct ReviewFindingsTests {
    @Test("a flow name filled from a var that reads a secret is masked from the first event on")
    func secretInName() async throws {
        let connector = ScriptedConnector(ScriptedAgent.replying { said in "You said: \(said)" })
        var planned = try RunnerHarness.planned(
            """
            flow: "Login as ${user}"
            vars: { user: "${secret.NAME_CANARY}" }
            steps:
              - send: hi
            """, path: "login.flow.yaml", connector: connector)
        planned.environment = { reference in reference == .secret("NAME_CANARY") ? "canary-user-9f3" : nil }
        let (_, recorder) = await RunnerHarness.runSuite([planned], options: SuiteOptions())
        let seen = recorder.events.map { String(describing: $0) }.joined(separator: "\n")
        #expect(!recorder.events.isEmpty)
        #expect(!seen.contains("canary-user-9f3"), "the secret reached a plugin")
        #expect(seen.contains("Login as ***"))
    }
}

/// The interpreter side of the same read.
@Suite("trust: second read, interpreter")
struct ReviewFindingsInterpreterTests {
    @Test("expect_no and not: with an operand that renders empty fail the step instead of passing")
    func brokenOperandFails() throws {
        let empty = FlowInterpreter.Settings(environment: { $0 == .environment("FORBIDDEN") ? "" : nil })
        var absence = try Machine(
            """
            flow: Nothing forbidden
            steps:
              - send: hi
              - expect_no: { reply: { contains: "${env.FORBIDDEN}" } }
            """, settings: empty)
        _ = absence.start()
        let failed = absence.performed(at: .zero).failure
        #expect(failed?.message == "environment variable FORBIDDEN is empty; an empty value is never sent or matched", "\(String(describing: failed))")

        var negated = try Machine(
            """
            flow: Not a code
            steps:
              - send: hi
              - expect: { reply: { not: { contains: "${code}" } } }
            """)
        _ = negated.start()
        _ = negated.performed(at: .zero)
        #expect(negated.interpreter.finalOutcome != nil)
        #expect(negated.failures.first?.contains("variable 'code' has no value") == true, "\(negated.failures)")
    }

    @Test("a capture step waits for the captures still missing, each to its own limit, and never wakes for a found one")
    func capturesEachToItsLimit() throws {
        var machine = try Machine(
            """
            flow: Two captures
            steps:
              - send: hi
              - capture:
                  order: { from: reply, regex: "order (\\\\w+)", within: 30s }
                  eta: { from: reply, regex: "ETA (\\\\d+)", within: 2s }
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        // eta is found; only order's 30 s limit is a reason to wake.
        #expect(machine.receive(Events.reply("ETA 5 days"), at: .ms(500)).command == .awaitEvent(until: .seconds(30)))
        #expect(machine.deadline(at: .seconds(2)).command == .awaitEvent(until: .seconds(30)))

        var other = try Machine(
            """
            flow: Two captures
            steps:
              - send: hi
              - capture:
                  order: { from: reply, regex: "order (\\\\w+)" }
                  eta: { from: reply, regex: "ETA (\\\\d+)", within: 2s }
            """)
        _ = other.start()
        _ = other.performed(at: .zero)
        // Both missing: eta's 2 s limit is enforced though order comes first.
        #expect(other.receive(Events.reply("Working on it"), at: .ms(100)).command == .awaitEvent(until: .seconds(2)))
        #expect(other.deadline(at: .seconds(2)).failure?.message.hasPrefix("capture eta: no reply matched") == true)
    }
}
