import ParleyCore
import ParleyModel
import Testing

/// `tap` must name a suggestion the agent offered; `click` a button the agent sent.
@Suite("interpreter: tap and click")
struct TapAndClickTests {
    func machine(_ step: String) throws -> Machine {
        var machine = try Machine(
            """
            flow: Buttons
            steps:
              - send: What can I do?
              \(step)
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        return machine
    }

    @Test("a tap of an offered suggestion is performed once the turn ends")
    func tapOffered() throws {
        var machine = try machine("- tap: Track package")
        _ = machine.receive(Events.reply("Pick one", suggestions: ["Track package", "Talk to a person"]), at: .ms(200))
        #expect(machine.receive(Events.turnEnded, at: .ms(300)).command == .perform(.tap(suggestion: "Track package")))
    }

    @Test("a tap of a suggestion not offered fails listing the offered ones, and nothing is performed")
    func tapNotOffered() throws {
        var machine = try machine("- tap: Cancel order")
        _ = machine.receive(Events.reply("Pick one", suggestions: ["Track package", "Talk to a person"]), at: .ms(200))
        let output = machine.receive(Events.turnEnded, at: .ms(300))
        #expect(!output.notes.contains { if case .userAction = $0 { true } else { false } })
        #expect(
            output.failure
                == StepFailure(
                    message: #"tap "Cancel order": not a suggestion the agent offered; offered: "Track package", "Talk to a person""#,
                    cause: .mismatch, location: FlowText.at(4), waited: .ms(300)))
    }

    @Test("a tap when the agent offered nothing says so")
    func tapNothingOffered() throws {
        var machine = try machine("- tap: Yes")
        let output = machine.receive([Events.reply("Hello"), Events.turnEnded], at: .ms(300))
        #expect(output.failure?.rendered == #"t.flow.yaml:4:5: tap "Yes": not a suggestion the agent offered; the agent offered no suggestions"#)
    }

    @Test("the suggestions are those of the latest reply that offered any")
    func latestSuggestions() throws {
        var machine = try machine("- tap: Old choice")
        _ = machine.receive(Events.reply("First", suggestions: ["Old choice"], id: "m1"), at: .ms(100))
        _ = machine.receive(Events.reply("Second", suggestions: ["New choice"], id: "m2"), at: .ms(200))
        _ = machine.receive(Events.reply("No buttons here", id: "m3"), at: .ms(250))
        let output = machine.receive(Events.turnEnded, at: .ms(300))
        #expect(output.failure?.message == #"tap "Old choice": not a suggestion the agent offered; offered: "New choice""#)
    }

    @Test("a click of a card's button is performed against that card")
    func clickExisting() throws {
        var machine = try machine("- click: track_btn")
        let output = machine.receive([Events.card, Events.turnEnded], at: .ms(300))
        #expect(output.command == .perform(.click(messageID: "card-7", elementID: "track_btn")))
    }

    @Test("a click of a button that does not exist fails listing the buttons")
    func clickMissing() throws {
        var machine = try machine("- click: refund_btn")
        let output = machine.receive([Events.card, Events.turnEnded], at: .ms(300))
        #expect(output.failure?.rendered == "t.flow.yaml:4:5: click refund_btn: no such button; buttons offered: cancel_btn, track_btn")
    }

    @Test("a click scoped to a card that never came says so")
    func clickUnknownCard() throws {
        var machine = try machine("- click: { element: track_btn, card: msg-9 }")
        let output = machine.receive([Events.card, Events.turnEnded], at: .ms(300))
        #expect(output.failure?.message == #"click track_btn: the agent sent no card or message "msg-9""#)
    }

    @Test("a click with no card at all says the agent sent no buttons")
    func clickNoButtons() throws {
        var machine = try machine("- click: track_btn")
        let output = machine.receive([Events.reply("Hi"), Events.turnEnded], at: .ms(300))
        #expect(output.failure?.message == "click track_btn: no such button; the agent sent no buttons")
    }
}
