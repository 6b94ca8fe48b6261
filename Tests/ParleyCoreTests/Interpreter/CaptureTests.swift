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
        _ = machine.receive([Events.reply("It is on its way"), Events.turnEnded], at: .ms(200))
        let output = machine.deadline(at: .ms(1_200))
        #expect(
            output.failure
                == StepFailure(
                    message: #"capture tracking: no reply matched /tracking (\w+)/; the latest was reply "It is on its way"; the turn ended at 200ms"#,
                    cause: .mismatch, location: FlowText.at(5), waited: .seconds(1)))
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
        _ = machine.receive([Events.reply("Hello"), Events.turnEnded], at: .ms(100))
        #expect(
            machine.deadline(at: .ms(1_100)).failure?.message
                == "capture order: no tool_call arrived in this turn (got reply, turn_ended); the turn ended at 100ms")

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
        _ = other.receive([Events.toolCall("search", id: "c1"), Events.turnEnded], at: .ms(100))
        #expect(
            other.deadline(at: .ms(1_100)).failure?.message
                == "capture order: no tool_call has a value at $.args.order_id; the turn ended at 100ms")
    }

    @Test("only the current turn is read: a reply of an earlier turn is never captured")
    func currentTurnOnly() throws {
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
        #expect(!output.notes.contains(.log("from the first turn")))
        #expect(output.command == .awaitEvent(until: .ms(10_200)))
        let answered = machine.receive(Events.reply("from the second turn", id: "m2"), at: .ms(300))
        #expect(answered.notes.contains(.log("from the second turn")))
        #expect(answered.command == .finish(.passed))
    }
}
