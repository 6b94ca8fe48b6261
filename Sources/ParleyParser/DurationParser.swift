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

    /// What a YAML reader expects of a duration, for its messages.
    public static let expected = "a duration like 5s, 250ms or 2m"

    /// A duration node's value, or nil after reporting why not: `tooLong` gets the message for a
    /// duration past the longest and where it stands, `wrongShape` any node that is no duration.
    /// The flow and agent-script readers share it, so both say the same.
    public static func duration(
        _ node: YAMLNode, tooLong: (String, SourceLocation) -> Void, wrongShape: (YAMLNode) -> Void
    ) -> Duration? {
        if case .scalar(let text, _) = node.value {
            switch read(text) {
            case .duration(let duration): return duration
            case .tooLong:
                tooLong(DurationText.tooLongMessage(text), node.location)
                return nil
            case .invalid: break
            }
        }
        wrongShape(node)
        return nil
    }
}
