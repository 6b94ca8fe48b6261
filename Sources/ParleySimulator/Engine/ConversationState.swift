import ParleyModel

/// Everything the simulator remembers about one conversation between plays. A value: the engine
/// takes one and returns the next, so any point of a conversation can be set up in a test.
public struct ConversationState: Hashable, Sendable {
    /// The state that `state:` qualifiers test; conversations start in `bot`.
    public var name: String
    /// Values stored with `remember`.
    public var memory: [String: JSONValue]
    /// For each `cycle` rule (by index in `rules`), how many times it has played.
    public var cycles: [Int: Int]
    /// Interactive messages sent, oldest first, for judging answers.
    public var interactives: [OpenInteractive]
    /// Tool calls played without a result, oldest first.
    public var pendingCalls: [PendingCall]
    /// Interrupts not yet resumed, oldest first.
    public var openInterrupts: [String]
    /// The run `run_finished` closes.
    public var runID: String?
    /// Set by `session_ended`: every later action is refused.
    public var ended: Bool
    /// The conversation's id, reported as `run_started`'s thread id.
    public var threadID: String
    /// Counters for generated ids, so ids are the same on every run.
    public var counters: [String: Int]

    /// A fresh conversation.
    public init(threadID: String = "thread-1") {
        name = "bot"
        memory = [:]
        cycles = [:]
        interactives = []
        pendingCalls = []
        openInterrupts = []
        runID = nil
        ended = false
        self.threadID = threadID
        counters = [:]
    }

    /// The next id with `prefix`: `run-1`, `run-2`, …
    mutating func nextID(_ prefix: String) -> String {
        let next = (counters[prefix] ?? 0) + 1
        counters[prefix] = next
        return "\(prefix)-\(next)"
    }
}

/// An interactive message the user may still answer.
public struct OpenInteractive: Hashable, Sendable {
    /// The message as sent.
    public var message: InteractiveMessage
    /// Set once answered through an element with `disableAfterInteracted: true`.
    public var closed: Bool

    /// Creates an entry.
    public init(message: InteractiveMessage, closed: Bool = false) {
        self.message = message
        self.closed = closed
    }
}

/// A tool call waiting for an answer.
public struct PendingCall: Hashable, Sendable {
    /// The call id.
    public var id: String
    /// The tool's name.
    public var name: String
    /// Whether the client answers it (`respond_tool`); otherwise a later play's `tool_result` does.
    public var frontend: Bool

    /// Creates an entry.
    public init(id: String, name: String, frontend: Bool) {
        self.id = id
        self.name = name
        self.frontend = frontend
    }
}
