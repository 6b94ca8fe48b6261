import ParleyCore
import ParleyModel
import Testing

/// Streamed parts in, the same assembled events out, for every connector.
@Suite("event assembler")
struct EventAssemblerTests {
    /// Everything the assembler reports for `events`, in order.
    func assemble(_ events: [AgentEvent], into assembler: inout EventAssembler) -> [AgentEvent] {
        events.flatMap { assembler.add($0) }
    }

    func assemble(_ events: AgentEvent...) -> [AgentEvent] {
        var assembler = EventAssembler()
        return assemble(events, into: &assembler)
    }

    /// The whole events among `events`.
    func whole(_ events: [AgentEvent]) -> [AgentEvent] {
        events.filter {
            if case .reply = $0 { return true }
            if case .toolCall = $0 { return true }
            return false
        }
    }

    func reply(_ id: String, _ text: String) -> AgentEvent { .reply(Reply(messageID: id, text: text)) }

    func toolCall(_ id: String, _ name: String, _ args: JSONValue) -> AgentEvent {
        .toolCall(ToolCall(id: id, name: name, args: args))
    }

    /// The tool call assembled from `args` streamed in one delta.
    func arguments(_ args: String) -> JSONValue? {
        let events = assemble(.toolCallStart(id: "c", name: "f"), .toolCallArgs(id: "c", delta: args), .toolCallEnd(id: "c"))
        guard case .toolCall(let call)? = events.last else { return nil }
        return call.args
    }

    // MARK: Text

    @Test("text deltas assemble into a reply after the end, each event passed through first")
    func textAssembles() {
        let events = assemble(
            .textStart(messageID: "m1"), .textDelta(messageID: "m1", delta: "Hel"),
            .textDelta(messageID: "m1", delta: "lo"), .textEnd(messageID: "m1"))
        #expect(
            events == [
                .textStart(messageID: "m1"), .textDelta(messageID: "m1", delta: "Hel"),
                .textDelta(messageID: "m1", delta: "lo"), .textEnd(messageID: "m1"), reply("m1", "Hello"),
            ])
    }

    @Test("a message with no deltas assembles into an empty reply")
    func emptyText() {
        #expect(whole(assemble(.textStart(messageID: "m1"), .textEnd(messageID: "m1"))) == [reply("m1", "")])
    }

    @Test("two messages open at once assemble separately, each when it ends")
    func interleavedText() {
        let events = assemble(
            .textStart(messageID: "a"), .textDelta(messageID: "a", delta: "one "),
            .textStart(messageID: "b"), .textDelta(messageID: "b", delta: "two "),
            .textDelta(messageID: "a", delta: "1"), .textEnd(messageID: "b"),
            .textDelta(messageID: "a", delta: "!"), .textEnd(messageID: "a"))
        #expect(whole(events) == [reply("b", "two "), reply("a", "one 1!")])
        #expect(events.firstIndex(of: reply("b", "two ")) == events.firstIndex(of: .textEnd(messageID: "b")).map { $0 + 1 })
    }

    @Test("a delta for a message never started starts it")
    func implicitTextStart() {
        let events = assemble(
            .textDelta(messageID: "m1", delta: "chunk "), .textDelta(messageID: "m1", delta: "two"),
            .textEnd(messageID: "m1"))
        #expect(whole(events) == [reply("m1", "chunk two")])
    }

    @Test("an end for a message never started yields no reply")
    func unknownTextEnd() {
        #expect(assemble(.textEnd(messageID: "m9")) == [.textEnd(messageID: "m9")])
    }

    @Test("a repeated start keeps what the message already has")
    func repeatedTextStart() {
        let events = assemble(
            .textStart(messageID: "m1"), .textDelta(messageID: "m1", delta: "a"), .textStart(messageID: "m1"),
            .textDelta(messageID: "m1", delta: "b"), .textEnd(messageID: "m1"))
        #expect(whole(events) == [reply("m1", "ab")])
    }

    @Test("splitting the same text into deltas at every index assembles the same reply")
    func everySplit() {
        let text = "Héllo, wörld 👋🏽! Ça va?\n"
        let characters = Array(text)
        for first in 0...characters.count {
            for second in first...characters.count {
                let pieces = [characters[..<first], characters[first..<second], characters[second...]].map { String($0) }
                var assembler = EventAssembler()
                let events = assemble(
                    [.textStart(messageID: "m")] + pieces.map { .textDelta(messageID: "m", delta: $0) } + [.textEnd(messageID: "m")],
                    into: &assembler)
                #expect(whole(events) == [reply("m", text)], "split at \(first), \(second)")
            }
        }
        // One character a delta, with no start (AG-UI chunks).
        var assembler = EventAssembler()
        let events = assemble(characters.map { .textDelta(messageID: "m", delta: String($0)) } + [.textEnd(messageID: "m")], into: &assembler)
        #expect(whole(events) == [reply("m", text)])
    }

    // MARK: Tool calls

    @Test("tool call arguments assemble into a tool call with JSON arguments after the end")
    func toolCallAssembles() {
        let events = assemble(
            .toolCallStart(id: "c1", name: "search"), .toolCallArgs(id: "c1", delta: #"{"query": "we"#),
            .toolCallArgs(id: "c1", delta: #"ather", "limit": 3}"#), .toolCallEnd(id: "c1"))
        #expect(
            events == [
                .toolCallStart(id: "c1", name: "search"), .toolCallArgs(id: "c1", delta: #"{"query": "we"#),
                .toolCallArgs(id: "c1", delta: #"ather", "limit": 3}"#), .toolCallEnd(id: "c1"),
                toolCall("c1", "search", .object([JSONMember("limit", .number(3)), JSONMember("query", .string("weather"))])),
            ])
    }

    @Test("every JSON kind maps to its JSONValue; booleans stay booleans, 0 and 1 stay numbers")
    func jsonKinds() {
        let args = arguments(#"{"a": [true, false, 0, 1, -2.5, 1e3, "s", null, {"n": {}}, []]}"#)
        let expected: JSONValue = .object([
            JSONMember(
                "a",
                .array([
                    .bool(true), .bool(false), .number(0), .number(1), .number(-2.5), .number(1000), .string("s"), .null,
                    .object([JSONMember("n", .object([]))]), .array([]),
                ]))
        ])
        #expect(args == expected)
        #expect(arguments("42") == .number(42))
        #expect(arguments("true") == .bool(true))
        #expect(arguments(#""just text""#) == .string("just text"))
    }

    @Test("empty arguments are an empty object")
    func emptyArguments() {
        #expect(arguments("") == .object([]))
        #expect(arguments("  \n") == .object([]))
        #expect(whole(assemble(.toolCallStart(id: "c", name: "f"), .toolCallEnd(id: "c"))) == [toolCall("c", "f", .object([]))])
    }

    @Test("arguments that are not JSON stay as their text")
    func invalidArguments() {
        for raw in [#"{"query": "#, "not json", "{", "[1, 2", "nul", #"{"a": 1} trailing"#, "\u{0}"] {
            #expect(arguments(raw) == .string(raw), "\(raw)")
        }
    }

    @Test("two tool calls open at once assemble separately")
    func interleavedToolCalls() {
        let events = assemble(
            .toolCallStart(id: "a", name: "f"), .toolCallStart(id: "b", name: "g"), .toolCallArgs(id: "b", delta: "[2"),
            .toolCallArgs(id: "a", delta: "[1"), .toolCallArgs(id: "a", delta: "]"), .toolCallArgs(id: "b", delta: "]"),
            .toolCallEnd(id: "b"), .toolCallEnd(id: "a"))
        #expect(whole(events) == [toolCall("b", "g", .array([.number(2)])), toolCall("a", "f", .array([.number(1)]))])
    }

    @Test("arguments for a call never started start it; a later start names it")
    func implicitToolCallStart() {
        let unnamed = assemble(.toolCallArgs(id: "c", delta: "{}"), .toolCallEnd(id: "c"))
        #expect(whole(unnamed) == [toolCall("c", "", .object([]))])
        let named = assemble(.toolCallArgs(id: "c", delta: "[1]"), .toolCallStart(id: "c", name: "f"), .toolCallEnd(id: "c"))
        #expect(whole(named) == [toolCall("c", "f", .array([.number(1)]))])
    }

    @Test("an end for a tool call never started yields no tool call")
    func unknownToolCallEnd() {
        #expect(assemble(.toolCallEnd(id: "c9")) == [.toolCallEnd(id: "c9")])
    }

    @Test("message ids and tool call ids do not collide")
    func separateNamespaces() {
        let events = assemble(
            .textStart(messageID: "1"), .toolCallStart(id: "1", name: "f"), .textDelta(messageID: "1", delta: "hi"),
            .toolCallArgs(id: "1", delta: "{}"), .toolCallEnd(id: "1"), .textEnd(messageID: "1"))
        #expect(whole(events) == [toolCall("1", "f", .object([])), reply("1", "hi")])
    }

    // MARK: Cards and everything else

    @Test("cards arrive whole and pass through unchanged")
    func cardsPassThrough() {
        let payload: JSONValue = .object([JSONMember("title", .string("Order"))])
        let events: [AgentEvent] = [.cardStart(id: "k", executionText: "Looking up"), .card(id: "k", payload: payload), .cardEnd(id: "k")]
        var assembler = EventAssembler()
        #expect(assemble(events, into: &assembler) == events)
        #expect(assembler.openParts.isEmpty)
    }

    @Test("events with no parts pass through unchanged")
    func othersPassThrough() {
        let events: [AgentEvent] = [
            .runStarted(runID: "r", threadID: "t"), .toolResult(id: "c", name: "f", content: .string("ok")),
            .typing(who: .agent, isTyping: true), .system(text: "hi", level: .info), .custom(name: "x", value: .null),
            .stateSnapshot(.object([])), .stateDelta(.array([])), .interrupt(id: nil, reason: nil, payload: .null),
            .raw(.null), .connection(.open), .delivery(draftID: "d", state: .sent), .goalCompleted(messageID: "m"),
            .sessionEnded(reason: nil), .turnEnded,
        ]
        #expect(events.map { assemble($0) } == events.map { [$0] })
    }

    // MARK: Whole events from the wire

    @Test("a whole reply after the assembled one is dropped")
    func replyAfterAssembly() {
        var assembler = EventAssembler()
        let events = assemble(
            [.textStart(messageID: "m1"), .textDelta(messageID: "m1", delta: "Hi"), .textEnd(messageID: "m1"), reply("m1", "Hi")],
            into: &assembler)
        #expect(whole(events) == [reply("m1", "Hi")])
        #expect(assembler.add(reply("m1", "Hi")) == [])
    }

    @Test("a whole reply before the end passes through and the assembler makes none")
    func replyBeforeEnd() {
        let wire = Reply(messageID: "m1", text: "Hi", agentName: "Ada", suggestions: ["Yes"])
        let midStream = assemble(
            .textStart(messageID: "m1"), .textDelta(messageID: "m1", delta: "Hi"), .reply(wire), .textEnd(messageID: "m1"))
        #expect(whole(midStream) == [.reply(wire)])
        let first = assemble(.reply(wire), .textStart(messageID: "m1"), .textDelta(messageID: "m1", delta: "Hi"), .textEnd(messageID: "m1"))
        #expect(whole(first) == [.reply(wire)])
    }

    @Test("a whole reply for a message not streamed passes through, and other messages still assemble")
    func wholeReplyAlone() {
        let events = assemble(reply("w", "whole"), .textDelta(messageID: "s", delta: "streamed"), .textEnd(messageID: "s"))
        #expect(whole(events) == [reply("w", "whole"), reply("s", "streamed")])
    }

    @Test("a whole tool call after the assembled one is dropped")
    func toolCallAfterAssembly() {
        let events = assemble(
            .toolCallStart(id: "c1", name: "f"), .toolCallArgs(id: "c1", delta: "{}"), .toolCallEnd(id: "c1"),
            toolCall("c1", "f", .object([])))
        #expect(whole(events) == [toolCall("c1", "f", .object([]))])
    }

    @Test("a whole tool call before the end passes through and the assembler makes none")
    func toolCallBeforeEnd() {
        let wire = toolCall("c1", "f", .object([JSONMember("x", .number(1))]))
        let events = assemble(
            wire, .toolCallStart(id: "c1", name: "f"), .toolCallArgs(id: "c1", delta: #"{"x": 1}"#), .toolCallEnd(id: "c1"))
        #expect(whole(events) == [wire])
        let midStream = assemble(.toolCallStart(id: "c1", name: "f"), wire, .toolCallEnd(id: "c1"))
        #expect(whole(midStream) == [wire])
    }

    @Test("a message streamed again under an id already assembled yields no second reply")
    func restreamedMessage() {
        let part: [AgentEvent] = [.textDelta(messageID: "m1", delta: "Hi"), .textEnd(messageID: "m1")]
        var assembler = EventAssembler()
        #expect(whole(assemble(part + part, into: &assembler)) == [reply("m1", "Hi")])
    }

    // MARK: Open parts and runs

    @Test("open parts lists messages and tool calls started and not ended, in start order")
    func openParts() {
        var assembler = EventAssembler()
        _ = assemble(
            [
                .textStart(messageID: "m1"), .toolCallArgs(id: "c0", delta: "{"), .toolCallStart(id: "c1", name: "search"),
                .textDelta(messageID: "m2", delta: "x"), .cardStart(id: "k", executionText: nil),
            ], into: &assembler)
        #expect(
            assembler.openParts == [
                .textMessage(messageID: "m1"), .toolCall(id: "c0", name: ""), .toolCall(id: "c1", name: "search"),
                .textMessage(messageID: "m2"),
            ])
        #expect(assembler.openParts.map(\.id) == ["m1", "c0", "c1", "m2"])
        #expect(assembler.openParts.map(\.description) == ["text message m1", "tool call c0", "tool call c1 (search)", "text message m2"])
        _ = assemble([.textEnd(messageID: "m1"), .toolCallEnd(id: "c1")], into: &assembler)
        #expect(assembler.openParts.map(\.id) == ["c0", "m2"])
    }

    @Test("a finished run drops what is still open, so the next run starts clean")
    func runFinishedClears() {
        var assembler = EventAssembler()
        let events = assemble(
            [
                .textStart(messageID: "m1"), .textDelta(messageID: "m1", delta: "half"), .toolCallStart(id: "c1", name: "f"),
                .runFinished(runID: "r", outcome: .success),
            ], into: &assembler)
        #expect(events.last == .runFinished(runID: "r", outcome: .success))
        #expect(assembler.openParts.isEmpty)
        let next = assemble([.textEnd(messageID: "m1"), .toolCallEnd(id: "c1")], into: &assembler)
        #expect(next == [.textEnd(messageID: "m1"), .toolCallEnd(id: "c1")])
        let restarted = assemble([.textDelta(messageID: "m1", delta: "new"), .textEnd(messageID: "m1")], into: &assembler)
        #expect(whole(restarted) == [reply("m1", "new")])
    }

    @Test("a run error drops what is still open")
    func runErrorClears() {
        var assembler = EventAssembler()
        let events = assemble(
            [.textDelta(messageID: "m1", delta: "half"), .runError(message: "boom", code: nil), .textEnd(messageID: "m1")],
            into: &assembler)
        #expect(whole(events).isEmpty)
        #expect(assembler.openParts.isEmpty)
    }
}
