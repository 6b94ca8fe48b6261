import ParleyModel
import ParleySimulator
import Testing

/// How replies stream and how plays are timed, without a clock.
@Suite("engine streaming")
struct EngineStreamTests {
    static let script = Support.script(
        """
        timing: { think: 100ms, chunks: 2, chunk_delay: 10ms }
        rules:
          - when: { text: words }
            play: [reply: "one two  three four five"]
          - when: { text: short }
            play: [reply: { text: Hi, chunks: 4, chunk_delay: 50ms }]
          - when: { text: cut }
            play: [run_started, reply: { text: "a b c d", chunks: 4, cut_after: 2 }, fault: drop_connection]
          - when: { text: wait }
            play: [pause: 1s, system: { text: "Still here", level: warning }, pause: 500ms]
        """)

    func deltas(_ events: [AgentEvent]) -> [String] {
        events.compactMap { if case .textDelta(_, let delta) = $0 { delta } else { nil } }
    }

    @Test("a reply is cut at word boundaries into the default number of chunks and joins back exactly")
    func wordChunks() {
        var conversation = EngineConversation(Self.script)
        let play = conversation.play(.send(text: "words"))
        #expect(deltas(play.events) == ["one two  ", "three four five"])
        #expect(
            play.items.map(\.offset) == [
                .milliseconds(100), .milliseconds(100), .milliseconds(110), .milliseconds(110), .milliseconds(110), .milliseconds(110),
            ])
        #expect(play.events.kindNames == ["text_start", "text_delta", "text_delta", "text_end", "reply", "turn_ended"])
    }

    @Test("a text with fewer words than chunks streams one chunk per word")
    func fewWords() {
        var conversation = EngineConversation(Self.script)
        let play = conversation.play(.send(text: "short"))
        #expect(deltas(play.events) == ["Hi"])
        #expect(play.duration == .milliseconds(100))
    }

    @Test("cut_after stops the stream with no text_end or reply; the fault stays in the play")
    func cutStream() {
        var conversation = EngineConversation(Self.script)
        let play = conversation.play(.send(text: "cut"))
        #expect(play.events.kindNames == ["run_started", "text_start", "text_delta", "text_delta", "turn_ended"])
        #expect(play.items.contains(TimedItem(.fault(.dropConnection), at: .milliseconds(110))))
    }

    @Test("pauses move the events after them, and turn_ended comes after a trailing pause")
    func pauses() {
        var conversation = EngineConversation(Self.script)
        let play = conversation.play(.send(text: "wait"))
        #expect(
            play.items == [
                TimedItem(.event(.system(text: "Still here", level: .warning)), at: .milliseconds(1100)),
                TimedItem(.event(.turnEnded), at: .milliseconds(1600)),
            ])
    }

    @Test("a refused action answers at once, without the think time")
    func refusalTiming() {
        var conversation = EngineConversation(Self.script)
        let play = conversation.play(.click(messageID: "", elementID: "nothing"))
        #expect(play.items.map(\.offset) == [.zero, .zero])
        #expect(play.source == nil)
    }
}
