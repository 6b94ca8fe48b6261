import ParleyModel

/// Agent events as tests write them.
enum Events {
    static let runStarted = AgentEvent.runStarted(runID: "run-1", threadID: "thread-1")
    static let runFinished = AgentEvent.runFinished(runID: "run-1", outcome: .success)
    static let turnEnded = AgentEvent.turnEnded

    static func reply(_ text: String, suggestions: [String] = [], id: String = "m1") -> AgentEvent {
        .reply(Reply(messageID: id, text: text, suggestions: suggestions))
    }

    static func delta(_ text: String, id: String = "m1") -> AgentEvent {
        .textDelta(messageID: id, delta: text)
    }

    static func toolCall(_ name: String, id: String, args: [JSONMember] = []) -> AgentEvent {
        .toolCall(ToolCall(id: id, name: name, args: .object(args)))
    }

    /// A CometChat-shaped contact form: a text field (required), an optional email field, a
    /// country dropdown (uk, usa), a topic radio (billing, tech), an optional checkbox, a label and a submit button.
    static let contactForm = AgentEvent.interactive(
        InteractiveMessage(
            id: "contact_form", kind: .form,
            data: .object([
                JSONMember("title", "Contact Form"),
                JSONMember(
                    "formFields",
                    [
                        .object([JSONMember("elementId", "name_field"), JSONMember("elementType", "textInput")]),
                        .object([
                            JSONMember("elementId", "email_field"), JSONMember("elementType", "textInput"),
                            JSONMember("optional", true),
                        ]),
                        .object([
                            JSONMember("elementId", "country_dropdown"), JSONMember("elementType", "dropdown"),
                            JSONMember("options", [option("uk"), option("usa")]),
                        ]),
                        .object([
                            JSONMember("elementId", "topic_radio"), JSONMember("elementType", "radio"),
                            JSONMember("options", [option("billing"), option("tech")]),
                        ]),
                        .object([
                            JSONMember("elementId", "updates_checkbox"), JSONMember("elementType", "checkbox"),
                            JSONMember("optional", true), JSONMember("options", [option("updates"), option("offers")]),
                        ]),
                        .object([JSONMember("elementId", "note_label"), JSONMember("elementType", "label")]),
                    ]),
                JSONMember("submitElement", .object([JSONMember("elementId", "submit_btn")])),
            ]),
            goal: InteractionGoal(kind: .anyOf, elementIDs: ["submit_btn"])))

    /// A scheduler: Monday 09:00–12:00 and 14:00–17:00, 30-minute meetings with 15 minutes' buffer.
    static let scheduler = AgentEvent.interactive(
        InteractiveMessage(
            id: "sched-1", kind: .scheduler,
            data: .object([
                JSONMember("title", "Book a call"),
                JSONMember("availability", .object([JSONMember("monday", ["09:00-12:00", "14:00-17:00"])])),
                JSONMember("duration", 30), JSONMember("bufferTime", 15),
                JSONMember("scheduleElement", .object([JSONMember("elementId", "book_btn")])),
            ])))

    /// A card with two buttons.
    static let card = AgentEvent.card(
        id: "card-7",
        payload: .object([
            JSONMember("title", "Package A-1042"),
            JSONMember(
                "cardActions",
                [
                    .object([JSONMember("elementId", "track_btn")]),
                    .object([JSONMember("elementId", "cancel_btn")]),
                ]),
        ]))

    private static func option(_ value: String) -> JSONValue {
        .object([JSONMember("label", .string(value.uppercased())), JSONMember("value", .string(value))])
    }
}

extension Duration {
    /// Milliseconds, shorter to write in tests.
    static func ms(_ value: Int) -> Duration { .milliseconds(value) }
}
