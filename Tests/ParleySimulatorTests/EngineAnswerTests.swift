import ParleyModel
import ParleySimulator
import Testing

/// Answers to interactive messages, tool calls and interrupts: accepted when they fit what the
/// simulator sent, refused with a readable run_error when not.
@Suite("engine answers")
struct EngineAnswerTests {
    static let script = Support.script(
        """
        tools:
          confirm: { side: frontend }
          pay: { side: backend }
        rules:
          - when: { text: form }
            play:
              - interactive:
                  id: f1
                  kind: form
                  data:
                    title: Form
                    formFields:
                      - { elementId: name, elementType: textInput, label: Name, optional: false }
                      - elementId: color
                        elementType: dropdown
                        label: Colour
                        optional: false
                        options: [{ label: Red, value: red }, { label: Blue, value: blue }]
                      - { elementId: note, elementType: textInput, label: Note, optional: true }
                      - { elementId: hint, elementType: label, text: "We reply within a day" }
                    submitElement: { elementId: send, elementType: button, disableAfterInteracted: true }
                  goal: { interactionType: anyOf, elementIds: [send] }
          - when: { submit: f1 }
            play: [goal_completed: f1, reply: "Hi ${values.name}, you like ${values.color}"]
          - when: { text: card }
            play:
              - interactive:
                  id: c1
                  kind: card
                  data: { title: Card, cardActions: [{ elementId: buy, elementType: button }, { elementId: info, elementType: button }] }
          - when: { click: info, card: c1 }
            play: [reply: Info clicked]
          - when: { click: buy }
            play: [reply: Buy clicked]
          - when: { text: slot }
            play:
              - interactive:
                  id: s1
                  kind: scheduler
                  data: { duration: 30, availability: { tuesday: ["09:00-12:00"] } }
          - when: { schedule: s1 }
            play: [reply: "Booked ${slot.day} at ${slot.time}"]
          - when: { text: buffered }
            play:
              - interactive:
                  id: s2
                  kind: scheduler
                  data:
                    duration: 30
                    bufferTime: 15
                    availability: { Wednesday: [{ from: "0900", to: "1200" }] }
                    dateRangeStart: "2026-11-01"
                    dateRangeEnd: "2026-11-30"
          - when: { schedule: s2 }
            play: [reply: "Booked ${slot.date} at ${slot.time}"]
          - when: { text: confirm }
            play:
              - run_started
              - tool_call: { id: call-x, name: confirm, args: { amount: 5 } }
              - run_finished
          - when: { tool_result: confirm, result: { ok: true } }
            play:
              - tool_call: { id: pay-1, name: pay, args: {} }
              - interrupt: { id: approval, reason: tool_call, tool_call_id: pay-1, payload: { amount: 5 } }
              - run_finished: interrupt
          - when: { tool_result: confirm }
            play: [reply: "Not confirmed: ${result.reason}"]
          - when: { resume: approve, interrupt: approval }
            play: [tool_result: { id: pay-1, content: { status: paid } }, reply: "Paid, says ${payload.by}"]
          - when: { resume: deny }
            play: [reply: Denied]
        """)

    @Test("a valid submission plays the submit rule with its values")
    func submitValid() {
        var conversation = EngineConversation(Self.script)
        conversation.send("form")
        let events = conversation.act(
            .submit(formID: "f1", values: [JSONMember("name", "Ada"), JSONMember("color", "blue")], button: "send"))
        #expect(events.first == .goalCompleted(messageID: "f1"))
        #expect(events.replies.map(\.text) == ["Hi Ada, you like blue"])
    }

    @Test("a submission that does not fit the form is refused, saying every problem")
    func submitRejected() {
        var conversation = EngineConversation(Self.script)
        conversation.send("form")
        let events = conversation.act(
            .submit(formID: "f1", values: [JSONMember("color", "green"), JSONMember("nmae", "Ada")], button: "go"))
        #expect(
            events.runErrors == [
                "form 'f1' was rejected: it has no submit button 'go' (its button is 'send'); it has no field 'nmae' (fields: name, color, note, hint; did you mean 'name'?); required field 'name' (Name) is empty; 'green' is not an option of field 'color' (options: red, blue)"
            ])
        #expect(events.last == .turnEnded)
    }

    @Test("a submission is judged by Core's form rules: a dropdown takes one value, a label none")
    func submitSharedRules() {
        var conversation = EngineConversation(Self.script)
        _ = conversation.send("form")
        #expect(
            conversation.act(
                .submit(formID: "f1", values: [JSONMember("name", "Ada"), JSONMember("color", ["red", "blue"]), JSONMember("hint", "x")], button: "send")
            ).runErrors == [
                "form 'f1' was rejected: color is a dropdown and takes one value, got 2; hint is a label, not a field that takes a value"
            ])
    }

    @Test("a form closes once submitted, and an unknown form is refused")
    func submitTwice() {
        var conversation = EngineConversation(Self.script)
        #expect(conversation.act(.submit(formID: "f1", values: [], button: "")).runErrors == ["the agent sent no form 'f1'"])
        conversation.send("form")
        let values = [JSONMember("name", "Ada"), JSONMember("color", "red")]
        #expect(conversation.act(.submit(formID: "", values: values, button: "")).runErrors.isEmpty)
        #expect(
            conversation.act(.submit(formID: "f1", values: values, button: "send")).runErrors == [
                "form 'f1' was rejected: it was already submitted"
            ])
    }

    @Test("a click hits a button of a card sent, by card or by element alone")
    func clicks() {
        var conversation = EngineConversation(Self.script)
        conversation.send("card")
        #expect(conversation.act(.click(messageID: "c1", elementID: "info")).replies.map(\.text) == ["Info clicked"])
        #expect(conversation.act(.click(messageID: "", elementID: "buy")).replies.map(\.text) == ["Buy clicked"])
        #expect(
            conversation.act(.click(messageID: "", elementID: "by")).runErrors == [
                "click refused: no card on screen has button 'by' (buttons: buy, info; did you mean 'buy'?)"
            ])
    }

    @Test("a slot inside the availability is booked with its day and time")
    func scheduleInside() {
        var conversation = EngineConversation(Self.script)
        conversation.send("slot")
        #expect(conversation.act(.schedule(messageID: "s1", slot: "Tuesday 9:30")).replies.map(\.text) == ["Booked tuesday at 09:30"])
        var dated = EngineConversation(Self.script)
        dated.send("slot")
        // 24 November 2026 is a Tuesday.
        #expect(dated.act(.schedule(messageID: "", slot: "2026-11-24T11:30")).replies.map(\.text) == ["Booked tuesday at 11:30"])
    }

    @Test("a slot outside the availability, or one that is not a slot, is refused")
    func scheduleOutside() {
        var conversation = EngineConversation(Self.script)
        conversation.send("slot")
        #expect(
            conversation.act(.schedule(messageID: "s1", slot: "tuesday 11:45")).runErrors == [
                #"slot refused: tuesday 11:45: not inside "s1"'s availability on tuesday (09:00-12:00) for a 30-minute meeting with no buffer"#
            ])
        #expect(
            conversation.act(.schedule(messageID: "s1", slot: "monday 10:00")).runErrors == [
                #"slot refused: monday 10:00: "s1" has no availability on monday; available days: tuesday"#
            ])
        #expect(
            conversation.act(.schedule(messageID: "s1", slot: "soon")).runErrors == [
                #"slot refused: soon: not a slot; write it like "tuesday 10:30" or "2026-11-24T10:30""#
            ])
    }

    @Test("slots are judged by Core's scheduler rules: the buffer after the meeting, Android's from/to windows, the date range")
    func scheduleSharedRules() {
        var conversation = EngineConversation(Self.script)
        _ = conversation.send("buffered")
        // 11:15 + 30 minutes + 15 minutes' buffer ends at 12:00; a minute later does not fit.
        #expect(
            conversation.act(.schedule(messageID: "s2", slot: "wednesday 11:16")).runErrors == [
                #"slot refused: wednesday 11:16: not inside "s2"'s availability on wednesday (09:00-12:00) for a 30-minute meeting with 15 minutes' buffer"#
            ])
        #expect(
            conversation.act(.schedule(messageID: "s2", slot: "2026-12-02T10:00")).runErrors == [
                #"slot refused: 2026-12-02T10:00: 2026-12-02 is outside "s2"'s date range (2026-11-01 to 2026-11-30)"#
            ])
        // 25 November 2026 is a Wednesday.
        #expect(conversation.act(.schedule(messageID: "s2", slot: "2026-11-25T11:15")).replies.map(\.text) == ["Booked 2026-11-25 at 11:15"])
    }

    @Test("respond_tool answers the open frontend call; tool_result rules match by result subset")
    func toolResult() {
        var conversation = EngineConversation(Self.script)
        conversation.send("confirm")
        #expect(conversation.state.pendingCalls.map(\.id) == ["call-x"])
        let events = conversation.act(.respondTool(callID: "call-x", name: "confirm", result: .object([JSONMember("ok", true)])))
        #expect(events.contains(.interrupt(id: "approval", reason: "tool_call", payload: .object([JSONMember("amount", 5)]))))
        #expect(events.contains(.runFinished(runID: nil, outcome: .interrupt)))
        #expect(conversation.state.pendingCalls.map(\.id) == ["pay-1"])
        #expect(
            conversation.act(.respondTool(callID: "call-x", name: "confirm", result: true)).runErrors == [
                "tool answer refused: no open tool call has id 'call-x' (no frontend tool call is open)"
            ])
        #expect(
            conversation.act(.respondTool(callID: "pay-1", name: "pay", result: true)).runErrors == [
                "tool answer refused: call 'pay-1' (pay) is a backend tool call; the agent answers it itself"
            ])
    }

    @Test("a tool answer that does not fit the result pattern falls to the next rule")
    func toolResultOther() {
        var conversation = EngineConversation(Self.script)
        conversation.send("confirm")
        let answer = JSONValue.object([JSONMember("ok", false), JSONMember("reason", "busy")])
        #expect(conversation.act(.respondTool(callID: "", name: "confirm", result: answer)).replies.map(\.text) == ["Not confirmed: busy"])
    }

    @Test("resume answers the open interrupt with its payload; without one it is refused")
    func resume() {
        var conversation = EngineConversation(Self.script)
        #expect(
            conversation.act(.resume(interruptID: nil, decision: .approve, payload: nil)).runErrors == [
                "resume refused: there is no open interrupt to resume (none is open)"
            ])
        conversation.send("confirm")
        conversation.act(.respondTool(callID: "call-x", name: "confirm", result: .object([JSONMember("ok", true)])))
        let events = conversation.act(.resume(interruptID: "approval", decision: .approve, payload: .object([JSONMember("by", "qa")])))
        #expect(events.toolResults.map(\.name) == ["pay"])
        #expect(events.replies.map(\.text) == ["Paid, says qa"])
        #expect(conversation.state.openInterrupts.isEmpty)
        #expect(conversation.state.pendingCalls.isEmpty)
    }
}
