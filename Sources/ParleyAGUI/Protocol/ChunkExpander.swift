import ParleyModel

/// Expands the AG-UI convenience chunk events into the START/CONTENT/END events they stand for,
/// the way the TypeScript reference client's `transformChunks` does, so the verifier and the
/// conversation only ever see one shape.
///
/// * `TEXT_MESSAGE_CHUNK` → TEXT_MESSAGE_START (first chunk of a messageId; role defaults to
///   "assistant"), TEXT_MESSAGE_CONTENT (for a non-empty delta).
/// * `TOOL_CALL_CHUNK` → TOOL_CALL_START (first chunk: toolCallId and toolCallName, parentMessageId
///   passed on), TOOL_CALL_ARGS (non-empty delta).
/// * `REASONING_MESSAGE_CHUNK` → REASONING_MESSAGE_START, REASONING_MESSAGE_CONTENT; an empty delta
///   closes the message.
///
/// The implied END comes when a chunk names another id or another kind of chunk arrives, when a
/// non-chunk event arrives (before it), or at `finish()`. As in the reference client, RAW,
/// ACTIVITY_*, REASONING_ENCRYPTED_VALUE and SUBAGENT_* are side channels that pass through without
/// closing anything. Each expanded event keeps the chunk's other members (timestamp, metadata,
/// subagentRunId, unknown keys); an implied END carries the id and subagentRunId only.
public struct ChunkExpander: Sendable {
    private enum Family: Hashable, Sendable {
        case text
        case tool
        case reasoning
    }

    /// The message or tool call a chunk stream has open.
    private struct Open: Hashable, Sendable {
        var family: Family
        var id: String
        var subagentRunId: JSONValue?
    }

    private var open: Open?

    /// An expander with nothing open.
    public init() {}

    /// The events `event` stands for, or the violation when a chunk cannot start what it must.
    /// A rejected chunk leaves the state as it was.
    public mutating func expand(_ event: AGUIEvent) -> Result<[AGUIEvent], ProtocolViolation> {
        switch event.kind {
        case .textMessageChunk:
            return expandChunk(event, .text)
        case .toolCallChunk:
            return expandChunk(event, .tool)
        case .reasoningMessageChunk:
            return expandChunk(event, .reasoning)
        case .raw, .activitySnapshot, .activityDelta, .reasoningEncryptedValue, .subagentStarted, .subagentFinished,
            .subagentError:
            return .success([event])
        case .runStarted, .runFinished, .runError, .stepStarted, .stepFinished, .textMessageStart, .textMessageContent,
            .textMessageEnd, .toolCallStart, .toolCallArgs, .toolCallEnd, .toolCallResult, .stateSnapshot, .stateDelta,
            .messagesSnapshot, .custom, .reasoningStart, .reasoningMessageStart, .reasoningMessageContent,
            .reasoningMessageEnd, .reasoningEnd, .thinkingStart, .thinkingEnd, .thinkingTextMessageStart,
            .thinkingTextMessageContent, .thinkingTextMessageEnd, nil:
            // Unknown types close too: whatever they are, they are not part of the chunk stream.
            return .success(close() + [event])
        }
    }

    /// The stream ended: the END for whatever a chunk stream left open.
    public mutating func finish() -> [AGUIEvent] {
        close()
    }

    private mutating func expandChunk(_ chunk: AGUIEvent, _ family: Family) -> Result<[AGUIEvent], ProtocolViolation> {
        let idField = family == .tool ? "toolCallId" : "messageId"
        let id = chunk.string(idField)
        let delta = chunk.string("delta")
        let extras = Self.extras(of: chunk, family)
        var events: [AGUIEvent] = []

        let continues = open.map { $0.family == family && (id == nil || id == $0.id) } ?? false
        if !continues {
            guard let id else { return .failure(.chunkWithoutId(chunk, field: idField, starts: Self.noun(family))) }
            if family == .tool && chunk.string("toolCallName") == nil {
                return .failure(.toolChunkWithoutName(chunk, toolCallId: id))
            }
            events += close()
            open = Open(family: family, id: id, subagentRunId: chunk["subagentRunId"])
            events.append(Self.start(chunk, family, id: id, extras: extras))
        }
        guard let current = open else { return .success(events) }

        switch (family, delta) {
        case (.reasoning, ""?):
            events += close()
        case (.text, let delta?) where !delta.isEmpty:
            events.append(Self.content(.textMessageContent, "messageId", current.id, delta, extras))
        case (.tool, let delta?) where !delta.isEmpty:
            events.append(Self.content(.toolCallArgs, "toolCallId", current.id, delta, extras))
        case (.reasoning, let delta?):
            events.append(Self.content(.reasoningMessageContent, "messageId", current.id, delta, extras))
        case (.text, _), (.tool, _), (.reasoning, nil):
            break
        }
        return .success(events)
    }

    /// The END for the open message or tool call, if any, and nothing open afterwards.
    private mutating func close() -> [AGUIEvent] {
        guard let current = open else { return [] }
        open = nil
        var members: [JSONMember]
        switch current.family {
        case .text: members = Self.head(.textMessageEnd, "messageId", current.id)
        case .tool: members = Self.head(.toolCallEnd, "toolCallId", current.id)
        case .reasoning: members = Self.head(.reasoningMessageEnd, "messageId", current.id)
        }
        if let subagent = current.subagentRunId { members.append(JSONMember("subagentRunId", subagent)) }
        return [AGUIEvent(json: .object(members))]
    }

    private static func start(_ chunk: AGUIEvent, _ family: Family, id: String, extras: [JSONMember]) -> AGUIEvent {
        var members: [JSONMember]
        switch family {
        case .text:
            members = head(.textMessageStart, "messageId", id)
            members.append(JSONMember("role", .string(chunk.string("role") ?? "assistant")))
            if let name = chunk.string("name") { members.append(JSONMember("name", .string(name))) }
        case .tool:
            members = head(.toolCallStart, "toolCallId", id)
            members.append(JSONMember("toolCallName", .string(chunk.string("toolCallName") ?? "")))
            if let parent = chunk["parentMessageId"] { members.append(JSONMember("parentMessageId", parent)) }
        case .reasoning:
            // 0.1.x requires the role; 1.0 defaults it to the same value.
            members = head(.reasoningMessageStart, "messageId", id) + [JSONMember("role", "reasoning")]
        }
        return AGUIEvent(json: .object(members + extras))
    }

    private static func content(
        _ type: AGUIEventType,
        _ idField: String,
        _ id: String,
        _ delta: String,
        _ extras: [JSONMember]
    ) -> AGUIEvent {
        AGUIEvent(json: .object(head(type, idField, id) + [JSONMember("delta", .string(delta))] + extras))
    }

    private static func head(_ type: AGUIEventType, _ idField: String, _ id: String) -> [JSONMember] {
        [JSONMember("type", .string(type.rawValue)), JSONMember(idField, .string(id))]
    }

    /// The chunk's members that are not chunk fields: they travel on with every expanded event.
    private static func extras(of chunk: AGUIEvent, _ family: Family) -> [JSONMember] {
        let own: Set<String> =
            switch family {
            case .text: ["type", "messageId", "role", "name", "delta"]
            case .tool: ["type", "toolCallId", "toolCallName", "parentMessageId", "delta"]
            case .reasoning: ["type", "messageId", "delta"]
            }
        guard case .object(let members) = chunk.json else { return [] }
        return members.filter { !own.contains($0.key) }
    }

    private static func noun(_ family: Family) -> String {
        switch family {
        case .text: "text message"
        case .tool: "tool call"
        case .reasoning: "reasoning message"
        }
    }
}
