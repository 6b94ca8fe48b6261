import ParleyCore
import ParleyModel

/// One text frame from the server, decoded into the events it carries: one event, or a batch
/// flattened and ordered (protocols/polyai-messaging.md 4.2, 6.7, 7). Events the SDK would drop are
/// left out with their reasons; only text that is not a JSON object fails.
public struct PolyFrame: Hashable, Sendable {
    /// The events in the order to handle them.
    public var events: [PolyEnvelope]
    /// What was dropped and why, for the log.
    public var dropped: [String]

    /// Creates a frame.
    public init(events: [PolyEnvelope] = [], dropped: [String] = []) {
        self.events = events
        self.dropped = dropped
    }

    /// Decodes a text frame. A frame that is not a JSON object is the agent breaking the protocol:
    /// the failure's reason quotes its start.
    public static func decode(_ text: String) -> Result<PolyFrame, PolyFrameError> {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            return .failure(PolyFrameError("PolyAI sent a text frame that is not JSON: \(excerpt(text))"))
        }
        guard value.isObject else {
            return .failure(PolyFrameError("PolyAI sent a text frame that is not a JSON object: \(excerpt(text))"))
        }
        // A batch's own envelope needs no id or timestamp (6.7).
        if value.string("type") == PolyEventType.eventBatch.wire {
            let frame = flatten(batch: value)
            for event in frame.events {
                if let violation = numberViolation(in: event.json, payload: event.payload) { return .failure(PolyFrameError(violation)) }
            }
            return .success(frame)
        }
        if let violation = numberViolation(in: value, payload: value.object("payload") ?? .object([])) {
            return .failure(PolyFrameError(violation))
        }
        switch PolyEnvelope.decode(value) {
        case .success(let event): return .success(PolyFrame(events: [event]))
        case .failure(let drop): return .success(PolyFrame(dropped: [drop.reason]))
        }
    }

    /// A batch's events, reshaped and stable-sorted by sequence with sequence-less events last
    /// (section 7). One non-object element drops the whole batch, as the SDK does.
    static func flatten(batch: JSONValue) -> PolyFrame {
        let payload = batch["payload"] ?? .null
        switch payload {
        case .null:
            return PolyFrame()
        case .object:
            break
        case .bool, .number, .string, .array:
            return PolyFrame(dropped: ["an EVENT_BATCH whose payload is not an object was dropped"])
        }
        let items: [JSONValue]
        switch payload["events"] ?? .null {
        case .null: return PolyFrame()
        case .array(let elements): items = elements
        case .bool, .number, .string, .object:
            return PolyFrame(dropped: ["an EVENT_BATCH whose payload.events is not an array was dropped"])
        }
        guard items.allSatisfy(\.isObject) else {
            return PolyFrame(dropped: ["an EVENT_BATCH with an element that is not an object was dropped whole"])
        }
        var frame = PolyFrame()
        for item in items {
            // The payload is `payload`, else the protobuf oneof key named after the type, else {}.
            let oneof = item.string("type").map { PolyEventType(wire: $0).oneofKey }
            let payload = item.object("payload") ?? oneof.flatMap { item.object($0) } ?? .object([])
            switch PolyEnvelope.decode(item, payload: payload) {
            case .success(let event): frame.events.append(event)
            case .failure(let drop): frame.dropped.append(drop.reason + " (in a batch)")
            }
        }
        frame.events = frame.events.enumerated()
            .sorted { lhs, rhs in
                switch (lhs.element.sequence, rhs.element.sequence) {
                case (let left?, let right?): left != right ? left < right : lhs.offset < rhs.offset
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): lhs.offset < rhs.offset
                }
            }
            .map(\.element)
        return frame
    }

    /// The first 80 characters of a frame, for messages.
    static func excerpt(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}
