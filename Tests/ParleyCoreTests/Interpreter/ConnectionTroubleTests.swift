import ParleyCore
import ParleyModel
import Testing

/// A step that gives up waiting while the connection is down fails with the connector's reason for
/// it, not with what did not arrive; once the connection is open again, the step's own message.
@Suite("interpreter: a timeout while the connection is down")
struct ConnectionTroubleTests {
    static let flow = """
        flow: Greeting
        steps:
          - expect: { reply: hello, within: 3s }
        """
    static let settings = FlowInterpreter.Settings(agentSpeaksFirst: true)

    @Test("a failed attempt, then reconnecting: the timeout names the failure")
    func downNamesTheCause() throws {
        var machine = try Machine(Self.flow, settings: Self.settings)
        _ = machine.start()
        let reason = "POST http://127.0.0.1:1/access-token answered 429 Too Many Requests (Retry-After 30s)"
        _ = machine.receive([.connection(.connecting), .connection(.failed(reason: reason)), .connection(.connecting)], at: .seconds(1))
        let output = machine.deadline(at: .seconds(3))
        let failure = StepFailure(
            message: "the connection to the agent failed: \(reason)", cause: .timeout, location: FlowText.at(3, 5), waited: .seconds(3))
        #expect(output.command == .finish(.failed(failure)))
    }

    @Test("a connection that failed and opened again, silent since: the step's own message, then the failure")
    func openAgainIsTheStepsMessage() throws {
        var machine = try Machine(Self.flow, settings: Self.settings)
        _ = machine.start()
        _ = machine.receive([.connection(.failed(reason: "the connection dropped")), .connection(.reconnecting(attempt: 1)), .connection(.open)], at: .seconds(1))
        let output = machine.deadline(at: .seconds(3))
        guard case .finish(.failed(let failure)) = output.command else { return #expect(Bool(false), "\(output.command)") }
        #expect(failure.message.hasPrefix(#"expected reply "hello" within 3s"#), "\(failure.message)")
        #expect(failure.message.hasSuffix("; the connection failed (the connection dropped) and opened again, but the agent sent nothing since"), "\(failure.message)")
    }

    @Test("a failure the agent has spoken since is not the cause: the step's own message alone")
    func spokenSinceIsTheStepsMessage() throws {
        var machine = try Machine(Self.flow, settings: Self.settings)
        _ = machine.start()
        _ = machine.receive(
            [.connection(.failed(reason: "the connection dropped")), .connection(.open), Events.reply("hi there")], at: .seconds(1))
        let output = machine.deadline(at: .seconds(3))
        guard case .finish(.failed(let failure)) = output.command else { return #expect(Bool(false), "\(output.command)") }
        #expect(failure.message.hasPrefix(#"expected reply "hello" within 3s"#), "\(failure.message)")
        #expect(!failure.message.contains("the connection"), "\(failure.message)")
    }
}
