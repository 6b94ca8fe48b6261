import ParleyCore
import ParleyModel

/// One AG-UI thread, kept client-side as the protocol wants (protocols/ag-ui.md 1.2, 1.6): the
/// message history, the shared state, open interrupts and the tool calls still owed an answer.
/// It builds each run's `RunAgentInput` and turns the run's SSE bytes into Parley events.
///
/// Pure and incremental: no I/O and no clock, so tests feed it any byte chunking; the session does
/// the HTTP around it (STYLE rules 11, 12).
public struct AGUIConversation: Sendable {
    /// The thread id, stable for the conversation.
    public let threadID: String
    public let settings: AGUISettings
    /// The history sent with the next run.
    public internal(set) var messages: [ThreadMessage] = []
    /// The shared state sent with the next run (snapshots replace it, deltas patch it).
    public internal(set) var state: JSONValue
    /// Interrupts of the last run that ended in one, answered by the next `resume`.
    public internal(set) var openInterrupts: [String] = []
    /// How each open interrupt is answered, by how it was announced.
    var resumeChannels: [String: ResumeChannel] = [:]
    /// Tool names by call id, for `tool_result` events.
    var toolNames: [String: String] = [:]
    /// Form id → the call of a mapped form tool that `submit` answers.
    var formCalls: [String: String] = [:]
    /// Counters for ids Parley makes up.
    var counters: [String: Int] = [:]
    /// The run being read.
    var run = RunState()
    /// Assembles replies and tool calls across the whole conversation (ids never repeat).
    var assembler = EventAssembler()

    /// A new thread.
    public init(threadID: String, settings: AGUISettings) {
        self.threadID = threadID
        self.settings = settings
        state = settings.state
    }

    /// The per-run reading state, reset by `begin`.
    struct RunState: Sendable {
        var decoder = SSEDecoder()
        var expander = ChunkExpander()
        var verifier = RunVerifier()
        /// Interrupts announced by CUSTOM `on_interrupt`, reported when the run finishes.
        var announcedInterrupts: [AnnouncedInterrupt] = []
        /// Reply extras not yet tied to a message: they go to the next reply.
        var pendingExtras: ReplyExtras?
        /// Extras and sender names by message id, applied when the reply is assembled.
        var extras: [String: ReplyExtras] = [:]
        var names: [String: String] = [:]
        /// Whether the stream carried any event at all.
        var sawEvent = false
        /// The body's first bytes, kept until the first event, to show what came instead.
        var head: [UInt8] = []
        static let headLimit = 64
    }

    /// The next id with `prefix`, unique to this thread: `<thread>/user-1`, …
    mutating func nextID(_ prefix: String) -> String {
        let next = (counters[prefix] ?? 0) + 1
        counters[prefix] = next
        return "\(threadID)/\(prefix)-\(next)"
    }

    /// Starts a run for `action`: records what the user did in the history and returns the
    /// `RunAgentInput` to POST, or a readable reason the action cannot be sent. `nil` action is the
    /// opening run of an agent that greets (no messages).
    public mutating func begin(_ action: UserAction?, runID: String) -> Result<JSONValue, ConnectorError> {
        run = RunState()
        var forwarded = settings.forwardedProps
        var resume: JSONValue?
        switch action {
        case nil:
            break
        case .send(let text)?:
            messages.append(ThreadMessage(id: nextID("user"), role: "user", content: text))
        case .submit(let formID, let values, _)? where formCalls[formID] != nil:
            // A mapped form tool: the submission is the tool's result.
            let callID = formCalls.removeValue(forKey: formID) ?? formID
            messages.append(ThreadMessage(id: nextID("tool"), role: "tool", content: JSONValue.object(values).serialized(), toolCallID: callID))
        case .tap?, .submit?, .click?, .schedule?:
            guard let action, let (text, props) = ActionProps.encode(action) else {
                return .failure(ConnectorError("the agui connector cannot send this action"))
            }
            messages.append(ThreadMessage(id: nextID("user"), role: "user", content: text))
            forwarded = Self.merging(ActionProps.key, props, into: forwarded)
        case .respondTool(let callID, _, let result)?:
            let content: String
            if case .string(let text) = result { content = text } else { content = result.serialized() }
            messages.append(ThreadMessage(id: nextID("tool"), role: "tool", content: content, toolCallID: callID))
        case .resume(let interruptID, let decision, let payload)?:
            let answer = Self.resumeValue(decision: decision, payload: payload)
            let (entries, command) = resumeTargets(interruptID: interruptID)
            // Only interrupts announced by a RUN_FINISHED outcome or an AG-UI interrupt object go in
            // `resume`; omitted when every target is answered through the LangGraph command.
            if !entries.isEmpty || !command {
                resume = .array(entries.map { id, resolved in
                    guard resolved else { return .object([JSONMember("interruptId", .string(id)), JSONMember("status", "cancelled")]) }
                    return .object([JSONMember("interruptId", .string(id)), JSONMember("status", "resolved"), JSONMember("payload", answer)])
                })
            }
            if command {
                let existing = forwarded["command"] ?? .object([])
                forwarded = Self.merging("command", Self.merging("resume", answer, into: existing), into: forwarded)
            }
            openInterrupts = []
            resumeChannels = [:]
        case .typing?, .end?:
            return .failure(ConnectorError("the agui connector has no wire message for `\(action?.kind.rawValue ?? "")`"))
        }
        var input: [JSONMember] = [
            JSONMember("threadId", .string(threadID)), JSONMember("runId", .string(runID)), JSONMember("state", state),
            JSONMember("messages", .array(messages.map(\.json))), JSONMember("tools", .array(settings.tools)),
            JSONMember("context", .array(settings.context)), JSONMember("forwardedProps", forwarded),
        ]
        if let version = settings.protocolVersion { input.append(JSONMember("protocolVersion", .string(version))) }
        if let resume { input.append(JSONMember("resume", resume)) }
        return .success(.object(input))
    }

    /// The open interrupts a resume answers through `resume[]` (the named one, or unnamed each,
    /// resolved; others cancelled), and whether it answers one announced through LangGraph's
    /// `on_interrupt` (the named one, or unnamed any), which `forwardedProps.command.resume` carries:
    /// that channel holds one value and cannot cancel.
    private func resumeTargets(interruptID: String?) -> (entries: [(id: String, resolved: Bool)], command: Bool) {
        var targets = openInterrupts
        if let interruptID, !targets.contains(interruptID) { targets.append(interruptID) }
        var entries: [(id: String, resolved: Bool)] = []
        var command = false
        for id in targets {
            let resolved = interruptID == nil || id == interruptID
            switch resumeChannels[id] ?? .resumeEntries {
            case .resumeEntries: entries.append((id, resolved))
            case .langGraphCommand: command = command || resolved
            }
        }
        return (entries, command)
    }

    /// The answer to an interrupt, in pydantic-ai's payload shape: `approved` plus the flow's payload.
    static func resumeValue(decision: ResumeDecision, payload: JSONValue?) -> JSONValue {
        var members = [JSONMember("approved", .bool(decision == .approve))]
        if case .object(let extra)? = payload { members += extra.filter { $0.key != "approved" } }
        return .object(members)
    }

    /// `object` with `key` set to `value`.
    static func merging(_ key: String, _ value: JSONValue, into object: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return .object([JSONMember(key, value)]) }
        members.removeAll { $0.key == key }
        members.append(JSONMember(key, value))
        return .object(members)
    }
}
