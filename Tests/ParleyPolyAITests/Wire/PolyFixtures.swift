import ParleyCore
import ParleyModel

/// Inline PolyAI frames for tests, shaped like the SDK's fixtures (ids `evt_001`, timestamps
/// `2026-05-07T12:00:00Z`).
enum PolyFixtures {
    static let timestamp = "2026-05-07T12:00:00Z"

    /// One server event as JSON text. `type` without the `EVENT_TYPE_` prefix; the id defaults to
    /// `evt_<sequence>` (`evt_t` for transient events); `payload` is JSON text.
    static func event(_ type: String, seq: Int? = nil, id: String? = nil, _ payload: String = "{}", metadata: String? = nil) -> String {
        var fields = [#""type":"EVENT_TYPE_\#(type)""#, #""id":"\#(id ?? seq.map { "evt_\($0)" } ?? "evt_t")""#]
        if let seq { fields.append(#""sequence":\#(seq)"#) }
        fields.append(#""timestamp":"\#(timestamp)""#)
        fields.append(#""payload":\#(payload)"#)
        if let metadata { fields.append(#""metadata":\#(metadata)"#) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A batch of events (each JSON text).
    static func batch(_ events: [String]) -> String {
        #"{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":[\#(events.joined(separator: ","))]}}"#
    }

    /// SESSION_START with the SDK fixture's capabilities.
    static func sessionStart(seq: Int = 1) -> String {
        event(
            "SESSION_START", seq: seq,
            #"{"capabilities":{"streaming":true,"max_message_size_bytes":65536,"heartbeat_interval_seconds":30,"max_reconnect_attempts":10}}"#)
    }

    /// A POLY_AGENT_MESSAGE with text.
    static func agentMessage(_ text: String, seq: Int, messageID: String? = nil, extra: String = "") -> String {
        event("POLY_AGENT_MESSAGE", seq: seq, #"{"message_id":"\#(messageID ?? "m\(seq)")","text":"\#(text)"\#(extra)}"#)
    }

    /// A POLY_AGENT_MESSAGE_CHUNK.
    static func chunk(_ text: String?, index: Int, complete: Bool = false, messageID: String = "mc", seq: Int, extra: String = "") -> String {
        let textField = text.map { #","text":"\#($0)""# } ?? ""
        return event(
            "POLY_AGENT_MESSAGE_CHUNK", seq: seq,
            #"{"message_id":"\#(messageID)","chunk_index":\#(index),"is_complete":\#(complete)\#(textField)\#(extra)}"#)
    }

    /// JSON text as a value, keys sorted.
    static func json(_ text: String) -> JSONValue {
        (try? JSONValue(parsing: text)) ?? .null
    }

    /// An object with members in the given order (the order Parley writes them in).
    static func object(_ pairs: (String, String)...) -> JSONValue {
        .object(pairs.map { JSONMember($0.0, .string($0.1)) })
    }
}
