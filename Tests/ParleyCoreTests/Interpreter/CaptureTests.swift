import ParleyCore
import ParleyModel
import Testing

/// `capture` takes variables from what the agent sent: by regex (a group) or by JSON path.
@Suite("interpreter: capture")
struct CaptureTests {
    @Test("regex groups, a JSON path and a whole reply become variables the next steps use")
    func captures() throws {
        var machine = try Machine(
            """
            flow: Capture values
            steps:
              - send: where is my parcel?
              - expect: reply
              - capture:
                  tracking: { from: reply, regex: "tracking (\\\\w+)" }
                  code: { from: reply, regex: "([A-Z]+)-(\\\\d+)", group: 2 }
                  order_id: { from: tool_call, json_path: $.args.order_id }
                  last_reply: reply
              - send: "Track ${tracking} ${code} ${order_id} / ${last_reply}"
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive(Events.toolCall("lookup_order", id: "c1", args: [JSONMember("order_id", "A-1042")]), at: .ms(100))
        _ = machine.receive(Events.reply("Order ZX-981 shipped, tracking 1Z999"), at: .ms(200))
        let output = machine.receive(Events.turnEnded, at: .ms(300))
        #expect(output.command == .perform(.send(text: "Track 1Z999 981 A-1042 / Order ZX-981 shipped, tracking 1Z999")))
        #expect(machine.outcomes.last == "capture tracking, code, order_id, last_reply: passed")
    }

    @Test("a regex that matches nothing fails, showing the latest candidate")
    func regexMiss() throws {
        var machine = try Machine(
            """
            flow: Capture
            steps:
              - send: where is my parcel?
              - expect: reply
              - capture: { tracking: { from: reply, regex: "tracking (\\\\w+)" } }
              - send: thanks
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        let output = machine.receive(Events.reply("It is on its way"), at: .ms(200))
        #expect(
            output.failure
                == StepFailure(
                    message: #"capture tracking: no reply matched /tracking (\w+)/; the latest was reply "It is on its way""#,
                    cause: .mismatch, location: FlowText.at(5)))
        #expect(machine.outcomes.suffix(2) == ["capture tracking: failed", #"send "thanks": skipped"#])
    }

    @Test("a capture from an event that never came says so; a JSON path with no value says so")
    func missing() throws {
        var machine = try Machine(
            """
            flow: Capture
            steps:
              - send: hi
              - expect: reply
              - capture: { order: { from: tool_call, json_path: $.args.order_id } }
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        #expect(machine.receive(Events.reply("Hello"), at: .ms(100)).failure?.message == "capture order: no tool_call has arrived")

        var other = try Machine(
            """
            flow: Capture
            steps:
              - send: hi
              - expect: tool_call
              - capture: { order: { from: tool_call, json_path: $.args.order_id } }
            """)
        _ = other.start()
        _ = other.performed(at: .zero)
        #expect(
            other.receive(Events.toolCall("search", id: "c1"), at: .ms(100)).failure?.message
                == "capture order: no tool_call has a value at $.args.order_id")
    }

    @Test("the current turn comes first, then earlier turns")
    func currentTurnFirst() throws {
        var machine = try Machine(
            """
            flow: Capture across turns
            steps:
              - send: first
              - expect: reply
              - send: second
              - expect: tool_call
              - capture: { said: reply }
              - log: "${said}"
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        _ = machine.receive([Events.reply("from the first turn"), Events.turnEnded], at: .ms(100))
        _ = machine.performed(at: .ms(150))
        let output = machine.receive(Events.toolCall("search", id: "c1"), at: .ms(200))
        #expect(output.notes.contains(.log("from the first turn")))
        #expect(output.command == .finish(.passed))
    }
}
