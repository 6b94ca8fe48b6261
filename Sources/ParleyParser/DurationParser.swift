import ParleyModel

/// Parses durations written as `250ms`, `5s`, `2m`, `1h` or combined like `1m30s`.
public enum DurationParser {
    /// What a duration's text reads as.
    public typealias Reading = DurationText.Reading

    /// The duration, or nil when `text` is not one or is longer than the longest.
    public static func parse(_ text: String) -> Duration? {
        DurationText.parse(text)
    }

    /// Reads `text`, telling a duration that is too long apart from text that is not one.
    public static func read(_ text: String) -> Reading {
        DurationText.read(text)
    }

    /// The shortest way to write `duration` back (`1.5s`, `250ms`, `2m`).
    public static func format(_ duration: Duration) -> String {
        duration.flowText
    }
}
