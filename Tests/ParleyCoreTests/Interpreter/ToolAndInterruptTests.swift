import ParleyCore
import ParleyModel
import Testing

/// `respond_tool` finds the call by name or id; `resume` finds the interrupt.
@Suite("interpreter: respond_tool and resume")
struct ToolAndInterruptTests {
    func run(_ step: String, events: [AgentEvent]) throws -> InterpreterOutput {
        var machine = try Machine(
            """
            flow: Answer the agent
            steps:
              - send: delete my account
              - \(step)
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        return machine.receive(events + [Events.turnEnded], at: .ms(200))
    }

    static let calls = [
        Events.toolCall("confirm_action", id: "c1"), Events.toolCall("pick_date", id: "c2"), Events.toolCall("confirm_action", id: "c3"),
    ]

    @Test("by name, the latest call to that tool is answered")
    func byName() throws {
        let output = try run("respond_tool: { name: confirm_action, result: approved }", events: Self.calls)
        #expect(output.command == .perform(.respondTool(callID: "c3", name: "confirm_action", result: "approved")))
    }

    @Test("by id, that call is answered, with a structured result")
    func byID() throws {
        let output = try run("respond_tool: { id: c1, result: { ok: true, count: 2 } }", events: Self.calls)
        #expect(
            output.command
                == .perform(
                    .respondTool(callID: "c1", name: "confirm_action", result: .object([JSONMember("ok", true), JSONMember("count", 2)]))))
    }

    @Test("a call the agent did not make fails, listing the calls made")
    func notMade() throws {
        let output = try run("respond_tool: { name: delete_all, result: ok }", events: Self.calls)
        #expect(
            output.failure?.rendered
                == "t.flow.yaml:4:5: respond_tool delete_all: the agent has not made that call; calls made: confirm_action (c1), pick_date (c2), confirm_action (c3)"
        )
        let none = try run("respond_tool: { id: c1, result: ok }", events: [Events.reply("Hi")])
        #expect(none.failure?.message == "respond_tool c1: the agent has not made that call; the agent made no tool calls")
    }

    @Test("resume answers the latest interrupt, or the one named")
    func resume() throws {
        let interrupts: [AgentEvent] = [
            .interrupt(id: "int-1", reason: "needs approval", payload: .object([])),
            .interrupt(id: "int-2", reason: "transfer", payload: .object([])),
        ]
        #expect(try run("resume: approve", events: interrupts).command == .perform(.resume(interruptID: "int-2", decision: .approve, payload: nil)))
        #expect(
            try run("resume: { decision: deny, payload: { reason: too much }, interrupt: int-1 }", events: interrupts).command
                == .perform(.resume(interruptID: "int-1", decision: .deny, payload: .object([JSONMember("reason", "too much")]))))
    }

    @Test("resume with no interrupt raised fails, saying which")
    func noInterrupt() throws {
        #expect(try run("resume: approve", events: [Events.reply("Done")]).failure?.message == "resume: the agent has not raised an interrupt")
        let other: [AgentEvent] = [.interrupt(id: "int-1", reason: nil, payload: .object([]))]
        #expect(
            try run("resume: { decision: approve, interrupt: int-9 }", events: other).failure?.message
                == #"resume: the agent has not raised interrupt "int-9""#)
    }
}
