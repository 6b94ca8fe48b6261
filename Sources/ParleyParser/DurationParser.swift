import Foundation
import ParleyModel

/// Parses durations written as `250ms`, `5s`, `2m`, `1h` or combined like `1m30s`.
public enum DurationParser {
    /// The duration, or nil when `text` is not one.
    public static func parse(_ text: String) -> Duration? {
        DurationText.parse(text)
    }

    /// The shortest way to write `duration` back (`1.5s`, `250ms`, `2m`).
    public static func format(_ duration: Duration) -> String {
        duration.flowText
    }
}
