import ParleyModel

/// Turns the streamed parts of a conversation into the whole events DESIGN section 2 promises, the
/// same way for every connector.
///
/// A connector translates its wire protocol into `AgentEvent`s and feeds each one to `add(_:)`,
/// reporting what comes back in order: the event itself, then any event it completes.
///
/// - `textStart`, `textDelta`…, `textEnd` are followed by `.reply` with the deltas concatenated.
///   Messages that interleave assemble separately; a delta for a message never started starts it
///   (AG-UI's `TEXT_MESSAGE_CHUNK`); an end for a message never started completes nothing.
/// - `toolCallStart`, `toolCallArgs`…, `toolCallEnd` are followed by `.toolCall` with the
///   arguments parsed as JSON: empty arguments are `{}`, arguments that are not JSON stay text
///   (`.string`). Arguments for a call never started start it with an empty name, which a later
///   `toolCallStart` fills in.
/// - Cards arrive whole: `cardStart`, `card`, `cardEnd` pass through, and the `card` event is the
///   assembled card.
/// - Some protocols send the assembled `reply` or `toolCall` as well as the parts. Each is
///   reported once: a whole one arriving after the assembler made its own is dropped, and one
///   arriving first (or mid-stream) means the assembler makes none. These ids are remembered for
///   the whole session, since message and tool call ids do not repeat across runs.
/// - `runFinished` and `runError` drop whatever is still open, so the next run starts clean; read
///   `openParts` before adding them to report a run that ended mid-message.
///
/// Pure and incremental: no I/O and no clock, so tests feed it any chunking (STYLE rules 11, 12).
public struct EventAssembler: Sendable {
    /// Started text messages and tool calls that have not ended, in the order they started.
    private var open: [Buffer] = []
    /// Whole events the assembler has produced.
    private var assembled: Set<Key> = []
    /// Whole events that arrived from the wire.
    private var deliveredWhole: Set<Key> = []

    /// Creates an assembler with nothing open.
    public init() {}

    /// The text messages and tool calls started but not yet ended, in the order they started.
    public var openParts: [OpenPart] {
        open.map { buffer in
            switch buffer.key {
            case .text(let id): .textMessage(messageID: id)
            case .toolCall(let id): .toolCall(id: id, name: buffer.name)
            }
        }
    }

    /// Takes the next event from the wire; returns it followed by any event it completes, or
    /// nothing when it repeats a whole event already reported.
    public mutating func add(_ event: AgentEvent) -> [AgentEvent] {
        switch event {
        case .textStart(let id):
            _ = index(opening: .text(id))
            return [event]
        case .textDelta(let id, let delta):
            open[index(opening: .text(id))].text += delta
            return [event]
        case .textEnd(let id):
            guard let message = close(.text(id)), settle(.text(id)) else { return [event] }
            return [event, .reply(Reply(messageID: id, text: message.text))]
        case .reply(let reply):
            return accept(whole: .text(reply.messageID), event)
        case .toolCallStart(let id, let name):
            open[index(opening: .toolCall(id))].name = name
            return [event]
        case .toolCallArgs(let id, let delta):
            open[index(opening: .toolCall(id))].text += delta
            return [event]
        case .toolCallEnd(let id):
            guard let call = close(.toolCall(id)), settle(.toolCall(id)) else { return [event] }
            return [event, .toolCall(ToolCall(id: id, name: call.name, args: Self.arguments(call.text)))]
        case .toolCall(let call):
            return accept(whole: .toolCall(call.id), event)
        case .runFinished, .runError:
            open.removeAll()
            return [event]
        case .runStarted, .toolResult, .cardStart, .card, .cardEnd, .interactive, .goalCompleted, .agenticMessage, .action, .typing, .handoff,
            .system, .sessionEnded, .delivery, .connection, .custom, .stateSnapshot, .stateDelta, .interrupt, .raw, .protocolWarning,
            .turnEnded:
            return [event]
        }
    }

    /// The position of the open part for `key`, opening it if it is not open.
    private mutating func index(opening key: Key) -> Int {
        if let position = open.firstIndex(where: { $0.key == key }) { return position }
        open.append(Buffer(key: key))
        return open.count - 1
    }

    /// Ends the open part for `key` and returns it, or nil if it was not open.
    private mutating func close(_ key: Key) -> Buffer? {
        guard let position = open.firstIndex(where: { $0.key == key }) else { return nil }
        return open.remove(at: position)
    }

    /// Records that the assembler reports the whole event for `key`; false if it was already reported.
    private mutating func settle(_ key: Key) -> Bool {
        guard !assembled.contains(key), !deliveredWhole.contains(key) else { return false }
        assembled.insert(key)
        return true
    }

    /// A whole event from the wire: dropped if the assembler already produced it, else reported and
    /// remembered so the assembler does not produce it too.
    private mutating func accept(whole key: Key, _ event: AgentEvent) -> [AgentEvent] {
        if assembled.contains(key) { return [] }
        deliveredWhole.insert(key)
        return [event]
    }

    /// Tool call arguments as JSON: `{}` when empty, the raw text when it is not JSON.
    static func arguments(_ text: String) -> JSONValue {
        if text.allSatisfy(\.isWhitespace) { return .object([]) }
        return (try? JSONValue(parsing: text)) ?? .string(text)
    }

    /// A text message or a tool call being assembled.
    private struct Buffer: Sendable {
        var key: Key
        var name = ""
        var text = ""
    }

    /// Message ids and tool call ids are separate namespaces.
    private enum Key: Hashable, Sendable {
        case text(String)
        case toolCall(String)
    }
}

extension EventAssembler {
    /// A text message or tool call that started and has not ended.
    public enum OpenPart: Hashable, Sendable, CustomStringConvertible {
        case textMessage(messageID: String)
        /// `name` is empty if only arguments arrived.
        case toolCall(id: String, name: String)

        /// The message or tool call id.
        public var id: String {
            switch self {
            case .textMessage(let id), .toolCall(let id, _): id
            }
        }

        /// Reads in a sentence: "text message m1", "tool call c1 (search)".
        public var description: String {
            switch self {
            case .textMessage(let id): "text message \(id)"
            case .toolCall(let id, let name): name.isEmpty ? "tool call \(id)" : "tool call \(id) (\(name))"
            }
        }
    }
}
