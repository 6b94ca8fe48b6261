import ParleyModel
import ParleySimulator
import Testing

/// Rule matching: text with captures, taps, first match wins, qualifiers, lookup, cycle, fallback.
@Suite("engine rules")
struct EngineRuleTests {
    static let script = Support.script(
        """
        agent: { id: test, name: Tester }
        tables:
          orders:
            A-1: { status: shipped, amount: 49.0 }
        rules:
          - id: live-only
            when: { state: live, text: '.' }
            play:
              - reply: { from: live, agent: Maya, text: "Maya here" }
          - id: gold
            when: { text: '(?i)perks', memory: { tier: gold } }
            play: [reply: Gold perks]
          - id: order
            when: { text: 'order (?<id>[A-Z]-\\d+)' }
            lookup: { table: orders, key: "${id}", as: row }
            play:
              - run_started
              - tool_call: { id: c1, name: lookup, args: { order_id: "${id}", amount: "${row.amount}" }, result: { status: "${row.status}" } }
              - reply: "Order ${1} is ${row.status} (${0})"
              - run_finished
          - id: order-missing
            when: { text: 'order ([A-Z]-\\d+)' }
            play: [reply: "No order ${1}"]
          - id: tapped
            when: { tap: Go on }
            play: [reply: Tapped]
          - id: go
            when: [{ text: '^Go' }, { text: '^Start' }]
            play: [reply: Typed go]
          - id: remember-tier
            when: { text: 'I am (\\w+)' }
            play:
              - remember: { tier: "${1}" }
              - reply: "Noted: ${memory.tier}"
          - id: to-live
            when: { text: handoff }
            play: [set_state: live, reply: Connecting]
          - id: pages
            when: { text: more }
            cycle:
              - [reply: Page 1]
              - [reply: Page 2]
              - [reply: Last page]
        fallback:
          play: [reply: Sorry]
        """)

    func texts(_ events: [AgentEvent]) -> [String] { events.replies.map(\.text) }

    @Test("a text rule binds numbered and named groups, and a lookup row keeps its types")
    func captures() {
        var conversation = EngineConversation(Self.script)
        let events = conversation.send("where is order A-1?")
        #expect(texts(events) == ["Order A-1 is shipped (order A-1)"])
        #expect(
            events.toolCalls == [
                ToolCall(id: "c1", name: "lookup", args: .object([JSONMember("order_id", "A-1"), JSONMember("amount", .number(49))]))
            ])
        #expect(events.toolResults.map(\.content) == [.object([JSONMember("status", "shipped")])])
    }

    @Test("a lookup miss skips the rule and the next one plays")
    func lookupMiss() {
        var conversation = EngineConversation(Self.script)
        #expect(texts(conversation.send("order B-2")) == ["No order B-2"])
    }

    @Test("a tap plays the tap rule; typed text does not, but a tap is text to text rules")
    func taps() {
        var conversation = EngineConversation(Self.script)
        #expect(texts(conversation.act(.tap(suggestion: "Go on"))) == ["Tapped"])
        #expect(texts(conversation.send("Go on")) == ["Typed go"])
        #expect(texts(conversation.act(.tap(suggestion: "Start now"))) == ["Typed go"])
    }

    @Test("memory qualifiers see what an earlier play remembered")
    func memory() {
        var conversation = EngineConversation(Self.script)
        #expect(texts(conversation.send("perks?")) == ["Sorry"])
        #expect(texts(conversation.send("I am gold")) == ["Noted: gold"])
        #expect(texts(conversation.send("perks?")) == ["Gold perks"])
    }

    @Test("state rules apply only in their state, and set_state moves the conversation")
    func states() {
        var conversation = EngineConversation(Self.script)
        #expect(texts(conversation.send("hello")) == ["Sorry"])
        #expect(texts(conversation.send("handoff")) == ["Connecting"])
        #expect(conversation.state.name == "live")
        let reply = conversation.send("hello").replies.first
        #expect(reply?.text == "Maya here")
        #expect(reply?.from == .live)
        #expect(reply?.agentName == "Maya")
    }

    @Test("a cycle plays its lists in turn and repeats the last")
    func cycle() {
        var conversation = EngineConversation(Self.script)
        let pages = (1...4).flatMap { _ in texts(conversation.send("more")) }
        #expect(pages == ["Page 1", "Page 2", "Last page", "Last page"])
    }

    @Test("the fallback plays when nothing matches, and an agent reply carries the agent's name")
    func fallback() {
        var conversation = EngineConversation(Self.script)
        let play = conversation.play(.send(text: "???"))
        #expect(play.source == "fallback")
        #expect(play.events.replies.first?.agentName == "Tester")
        #expect(play.events.last == .turnEnded)
    }

    @Test("typing plays nothing; end without an end rule ends the session, and later actions are refused")
    func endAndTyping() {
        var conversation = EngineConversation(Self.script)
        #expect(conversation.act(.typing).isEmpty)
        #expect(conversation.act(.end) == [.sessionEnded(reason: "user_ended"), .turnEnded])
        #expect(conversation.send("hello").runErrors == ["the session has ended; start a new session to go on"])
    }
}
