import Foundation
import ParleyModel

/// Parses durations written as `250ms`, `5s`, `2m`, `1h` or combined like `1m30s`.
public enum DurationParser {
    /// The duration, or nil when `text` is not one.
    public static func parse(_ text: String) -> Duration? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard !rest.isEmpty else { return nil }
        var total = Duration.zero
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isNumber || $0 == "." }
            guard !digits.isEmpty, let amount = Double(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            let scale: Double
            switch unit {
            case "ms": scale = 0.001
            case "s": scale = 1
            case "m": scale = 60
            case "h": scale = 3600
            default: return nil
            }
            total += .milliseconds(Int64((amount * scale * 1000).rounded()))
        }
        return total
    }

    /// The shortest way to write `duration` back (`1.5s`, `250ms`, `2m`).
    public static func format(_ duration: Duration) -> String {
        duration.flowText
    }
}
