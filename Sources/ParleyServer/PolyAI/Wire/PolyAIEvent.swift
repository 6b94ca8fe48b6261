import ParleyModel

/// One server-to-client event before it is sent: its type, payload and echoed metadata. The
/// session gives it its envelope (id, timestamp, and a sequence when it is permanent) the moment
/// it goes out, so the encoder that makes events stays pure.
public struct PolyAIEvent: Hashable, Sendable {
    /// The frame's type.
    public var type: PolyAIEventType
    /// The payload, always an object.
    public var payload: JSONValue
    /// The client's `metadata` echoed back (`{"custom": {"local_id": …}}`), or nil.
    public var metadata: JSONValue?
    /// Permanent events get a sequence and are kept for replay; transient ones (typing, heartbeat
    /// echoes) have no sequence and are sent only to the socket that is open.
    public var isPermanent: Bool

    /// Creates an event.
    public init(_ type: PolyAIEventType, payload: JSONValue = .object([]), metadata: JSONValue? = nil, isPermanent: Bool = true) {
        self.type = type
        self.payload = payload
        self.metadata = metadata
        self.isPermanent = isPermanent
    }

    /// An object of the fields that have a value, in the order given: absent optional fields are
    /// left out rather than sent as null.
    static func object(_ fields: (String, JSONValue?)...) -> JSONValue {
        object(fields)
    }

    /// ``object(_:)-(String,JSONValue?)...`` from a list.
    static func object(_ fields: [(String, JSONValue?)]) -> JSONValue {
        .object(fields.compactMap { key, value in value.map { JSONMember(key, $0) } })
    }
}
