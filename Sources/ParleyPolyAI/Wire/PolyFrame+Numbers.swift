import ParleyModel

/// The whole-number fields of PolyAI's events, checked before anything reads them. A value of the
/// wrong type, or with a fraction, still counts as absent, as the SDK reads it; a number out of
/// ``NumberBounds`` cannot be what the server meant, so the frame breaks the protocol.
extension PolyFrame {
    /// The envelope's whole-number fields.
    static let envelopeNumbers = ["sequence"]
    /// The payload's whole-number fields (a chunk's index, a queue's place, a wait in seconds).
    static let payloadNumbers = ["chunk_index", "position_in_queue", "position", "estimated_wait_seconds"]
    /// SESSION_START's `payload.capabilities` whole-number fields.
    static let capabilityNumbers = ["max_message_size_bytes", "heartbeat_interval_seconds", "max_reconnect_attempts"]
    /// The fields that become durations, so must also be within ``NumberBounds/longestDuration``.
    static let secondsNumbers: Set = ["estimated_wait_seconds", "heartbeat_interval_seconds"]

    /// Why `event` (with `payload`, its payload as handled) breaks the protocol with a number out of
    /// range, or nil when every whole-number field is in range or not a number at all.
    static func numberViolation(in event: JSONValue, payload: JSONValue) -> String? {
        let type = event.string("type") ?? "an event"
        let fields =
            envelopeNumbers.map { ($0, event[$0]) } + payloadNumbers.map { ("payload.\($0)", payload[$0]) }
            + capabilityNumbers.map { ("payload.capabilities.\($0)", payload.object("capabilities")?[$0]) }
        for (name, value) in fields {
            guard case .number(let number)? = value else { continue }
            let key = String(name.split(separator: ".").last ?? "")
            if !number.isFinite || abs(number) > Double(NumberBounds.largestWhole) {
                return "PolyAI sent \(type) with \(name) \(NumberBounds.show(number)), not a whole number from "
                    + "\(NumberBounds.wholeRangeText)"
            }
            if secondsNumbers.contains(key), number > Double(NumberBounds.longestDurationSeconds) {
                return "PolyAI sent \(type) with \(name) \(NumberBounds.show(number)), longer than "
                    + "\(NumberBounds.longestDurationText)"
            }
        }
        return nil
    }
}
