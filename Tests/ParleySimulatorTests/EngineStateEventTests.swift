import ParleyModel
import ParleySimulator
import Testing

/// AG-UI shared state and CUSTOM events: played as written, with their templates rendered like
/// any other play value; the simulator keeps no client state of its own.
@Suite("engine state and custom events")
struct EngineStateEventTests {
    static let script = Support.script(
        """
        rules:
          - id: view
            when: { text: 'view ([A-Z]+-\\d+)' }
            play:
              - run_started
              - remember: { viewing: "${1}", count: 2 }
              - state_snapshot: { cart: [], viewing: "${1}" }
              - custom: { name: "product_${1}", value: { id: "card-${1}", items: "${memory.count}" } }
              - run_finished
          - id: add
            when: { text: add }
            play:
              - state_delta: [{ op: add, path: /cart/-, value: "${memory.viewing}" }, { op: replace, path: /count, value: "${memory.count}" }]
              - custom: { name: quick_replies, value: [Add to cart, "More like ${memory.viewing}"] }
        """)

    @Test("state_snapshot and custom render captures and memory; a lone reference keeps its type")
    func snapshotAndCustom() {
        var conversation = EngineConversation(Self.script)
        let events = conversation.send("view HP-200")
        let played = events.filter { if case .runStarted = $0 { false } else if case .runFinished = $0 { false } else { true } }
        #expect(
            played == [
                .stateSnapshot(.object([JSONMember("cart", .array([])), JSONMember("viewing", .string("HP-200"))])),
                .custom(name: "product_HP-200", value: .object([JSONMember("id", .string("card-HP-200")), JSONMember("items", .number(2))])),
                .turnEnded,
            ])
    }

    @Test("state_delta renders each operation's values; it is the same patch every time, with no state applied")
    func delta() {
        var conversation = EngineConversation(Self.script)
        _ = conversation.send("view HP-200")
        let patch = JSONValue.array([
            .object([JSONMember("op", .string("add")), JSONMember("path", .string("/cart/-")), JSONMember("value", .string("HP-200"))]),
            .object([JSONMember("op", .string("replace")), JSONMember("path", .string("/count")), JSONMember("value", .number(2))]),
        ])
        let expected: [AgentEvent] = [
            .stateDelta(patch), .custom(name: "quick_replies", value: .array([.string("Add to cart"), .string("More like HP-200")])),
            .turnEnded,
        ]
        #expect(conversation.send("add") == expected)
        #expect(conversation.send("add") == expected)
    }
}
