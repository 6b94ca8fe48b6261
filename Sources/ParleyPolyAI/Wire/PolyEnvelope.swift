import ParleyModel

/// One server event as the SDK decodes it (protocols/polyai-messaging.md 4.2): the envelope fields
/// typed, the payload always an object, and the event as it came for transcripts.
public struct PolyEnvelope: Hashable, Sendable {
    public var type: PolyEventType
    /// Used for dedup; an empty string is accepted.
    public var id: String?
    /// Permanent events carry one (cursor, ordering, dedup); nil marks a transient event.
    public var sequence: Int?
    /// ISO-8601 text, kept as written: Parley reports on its own clock, as the SDK does.
    public var timestamp: String?
    /// Always an object; `{}` when the event had none.
    public var payload: JSONValue
    /// `metadata.custom`, the correlation data echoed back; nil if any value is not a string.
    public var custom: [String: String]?
    /// The whole event as received, for `.raw`.
    public var json: JSONValue

    /// Creates an envelope.
    public init(
        type: PolyEventType, id: String? = nil, sequence: Int? = nil, timestamp: String? = nil, payload: JSONValue = .object([]),
        custom: [String: String]? = nil, json: JSONValue = .object([])
    ) {
        self.type = type
        self.id = id
        self.sequence = sequence
        self.timestamp = timestamp
        self.payload = payload
        self.custom = custom
        self.json = json
    }

    /// Decodes one event object. `payload` replaces the event's own (a batch's oneof form). Fails
    /// with the reason the SDK would drop it: no string `type`, or a non-heartbeat event without
    /// `id` or `timestamp`.
    public static func decode(_ object: JSONValue, payload: JSONValue? = nil) -> Result<PolyEnvelope, PolyDrop> {
        guard let name = object.string("type") else {
            return .failure(PolyDrop("an event without a string \"type\" was dropped"))
        }
        let type = PolyEventType(wire: name)
        let id = object.string("id")
        let timestamp = object.string("timestamp")
        if type != .heartbeat {
            if id == nil { return .failure(PolyDrop("\(name) without an \"id\" was dropped")) }
            if timestamp == nil { return .failure(PolyDrop("\(name) without a \"timestamp\" was dropped")) }
        }
        return .success(
            PolyEnvelope(
                type: type, id: id, sequence: object["sequence"]?.integerValue, timestamp: timestamp,
                payload: payload ?? object.object("payload") ?? .object([]), custom: customMetadata(object), json: object))
    }

    /// `metadata.custom` as strings, or nil when absent or when any value is not a string.
    static func customMetadata(_ object: JSONValue) -> [String: String]? {
        guard case .object(let members)? = object.object("metadata")?["custom"] else { return nil }
        var custom: [String: String] = [:]
        for member in members {
            guard case .string(let text) = member.value else { return nil }
            custom[member.key] = text
        }
        return custom
    }
}
