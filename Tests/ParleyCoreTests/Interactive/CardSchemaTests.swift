import ParleyCore
import ParleyModel
import Testing

/// Pressable elements of a card in CometChat's card schema, found however they are nested, and
/// clickable by `click`.
@Suite("interactive: card schema")
struct CardSchemaTests {
    /// A card with a button at the top, others in a row, a grid inside a column, an accordion and
    /// tabs; a chip and a button without an action, and a text element, which are not pressable.
    static let card: JSONValue = {
        func element(_ id: String, _ type: String, action: Bool = true, _ more: [JSONMember] = []) -> JSONValue {
            var members = [JSONMember("id", .string(id)), JSONMember("type", .string(type))] + more
            if action { members.append(JSONMember("action", .object([JSONMember("type", "openUrl"), JSONMember("url", "https://example.com")]))) }
            return .object(members)
        }
        return .object([
            JSONMember("version", "1.0"),
            JSONMember(
                "body",
                [
                    element("title", "text", action: false, [JSONMember("content", "Order #1234")]),
                    element("track_btn", "button", [JSONMember("label", "Track")]),
                    element(
                        "row1", "row", action: false,
                        [JSONMember("items", [element("help_link", "link"), element("plain_chip", "chip", action: false)])]),
                    element(
                        "col1", "column", action: false,
                        [JSONMember("items", [element("grid1", "grid", action: false, [JSONMember("items", [element("star", "iconButton")])])])]),
                    element(
                        "acc1", "accordion", action: false,
                        [JSONMember("header", element("acc_chip", "chip")), JSONMember("body", [element("refund_btn", "button")])]),
                    element(
                        "tabs1", "tabs", action: false,
                        [
                            JSONMember(
                                "tabs",
                                [
                                    .object([JSONMember("label", "One"), JSONMember("content", [element("tab_btn", "button")])]),
                                    .object([JSONMember("label", "Two"), JSONMember("content", element("tab_link", "link"))]),
                                ])
                        ]),
                    element("dead_btn", "button", action: false),
                ]),
            JSONMember("fallbackText", "Order #1234"),
        ])
    }()

    @Test("buttons, icon buttons, links and chips with an action are found in reading order at any depth")
    func discovery() {
        #expect(CardSchema.pressableIDs(in: Self.card) == ["track_btn", "help_link", "star", "acc_chip", "refund_btn", "tab_btn", "tab_link"])
        #expect(CardSchema.pressableIDs(in: .object([JSONMember("cardActions", [])])) == [])
    }

    func clicking(_ step: String) throws -> InterpreterOutput {
        var machine = try Machine(
            """
            flow: Card buttons
            steps:
              - send: where is my order?
              - \(step)
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        return machine.receive([.card(id: "card-9", payload: Self.card), Events.turnEnded], at: .ms(300))
    }

    @Test("click finds a nested card-schema button by its id")
    func clickNested() throws {
        #expect(try clicking("click: tab_btn").command == .perform(.click(messageID: "card-9", elementID: "tab_btn")))
        #expect(
            try clicking("click: { element: star, card: card-9 }").command == .perform(.click(messageID: "card-9", elementID: "star")))
    }

    @Test("click of an element with no action, or of no element, fails listing the pressable ones")
    func clickNotPressable() throws {
        #expect(
            try clicking("click: dead_btn").failure?.message
                == "click dead_btn: no such button; buttons offered: acc_chip, help_link, refund_btn, star, tab_btn, tab_link, track_btn")
    }
}
