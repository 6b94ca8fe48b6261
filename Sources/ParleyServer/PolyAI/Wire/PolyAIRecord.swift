import ParleyModel

/// An event as it went out: with its envelope. Permanent records are the session's history, which
/// a client reconnecting with a cursor is sent again in a batch.
public struct PolyAIRecord: Hashable, Sendable {
    /// The event.
    public var event: PolyAIEvent
    /// A UUID, what clients deduplicate by.
    public var id: String
    /// 1, 2, 3… for permanent events; nil for transient ones.
    public var sequence: Int?
    /// ISO 8601 with fractional seconds.
    public var timestamp: String

    /// Creates a record.
    public init(_ event: PolyAIEvent, id: String, sequence: Int?, timestamp: String) {
        self.event = event
        self.id = id
        self.sequence = sequence
        self.timestamp = timestamp
    }

    /// The frame as JSON: `{type, id, sequence, timestamp, payload, metadata}`, without `sequence`
    /// for a transient event and without `metadata` when there is none. With `.oneofKey` (inside a
    /// batch) the payload goes under the type's oneof key instead of `payload`.
    public func json(_ style: PolyAIBatchPayloadStyle = .payload) -> JSONValue {
        var members = [JSONMember("type", .string(event.type.rawValue)), JSONMember("id", .string(id))]
        if let sequence { members.append(JSONMember("sequence", .number(Double(sequence)))) }
        members.append(JSONMember("timestamp", .string(timestamp)))
        switch style {
        case .payload: members.append(JSONMember("payload", event.payload))
        case .oneofKey: members.append(JSONMember(event.type.oneofKey, event.payload))
        }
        if let metadata = event.metadata { members.append(JSONMember("metadata", metadata)) }
        return .object(members)
    }

    /// The frame's text, one JSON object on one line.
    public var text: String { json().serialized() }

    /// One `EVENT_TYPE_EVENT_BATCH` frame holding `records` in order: no id or timestamp of its own,
    /// the events under `payload.events` (polyai-messaging.md 6.7).
    public static func batch(_ records: [PolyAIRecord], style: PolyAIBatchPayloadStyle) -> String {
        let events = JSONValue.array(records.map { $0.json(style) })
        return JSONValue.object([
            JSONMember("type", .string(PolyAIEventType.eventBatch.rawValue)),
            JSONMember("payload", .object([JSONMember("events", events)])),
        ]).serialized()
    }
}
