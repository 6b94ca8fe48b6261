/// Durations as flows write them: `250ms`, `5s`, `2m`, `1h`, or combined like `1m30s`. One reader
/// for the parser and the matchers, so a duration means the same wherever it is written.
public enum DurationText {
    /// What a duration's text reads as.
    public enum Reading: Equatable, Sendable {
        /// A duration within ``NumberBounds/longestDuration``.
        case duration(Duration)
        /// Written like a duration, but longer than ``NumberBounds/longestDuration``.
        case tooLong
        /// Not a duration.
        case invalid
    }

    /// What a file's reader says of a duration past the longest.
    public static func tooLongMessage(_ text: String) -> String {
        "duration \(text) is too long; the longest is \(NumberBounds.longestDurationText)"
    }

    /// The duration `text` writes, or nil when it is not one (or is longer than the longest).
    public static func parse(_ text: String) -> Duration? {
        switch read(text) {
        case .duration(let duration): return duration
        case .tooLong, .invalid: return nil
        }
    }

    /// Reads `text`, telling a duration that is too long apart from text that is not one, so a
    /// message can say which.
    public static func read(_ text: String) -> Reading {
        var rest = text.trimmedOfBlanks
        guard !rest.isEmpty else { return .invalid }
        var total = Duration.zero
        var tooLong = false
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !digits.isEmpty, let amount = Double(digits) else { return .invalid }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            let scale: Double
            switch unit {
            case "ms": scale = 0.001
            case "s": scale = 1
            case "m": scale = 60
            case "h": scale = 3600
            // Days, for retention (`keep: 30d`) and schedules; a day here is 24 hours.
            case "d": scale = 86400
            default: return .invalid
            }
            // Keep reading after a part that is too long, so `1e99x` still says it is not a duration.
            guard !tooLong, let part = Duration(checkedSeconds: amount * scale), let sum = total.checkedAdding(part) else {
                tooLong = true
                continue
            }
            total = sum
        }
        return tooLong ? .tooLong : .duration(total)
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmedOfBlanks: Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = firstIndex { !blank($0) } ?? endIndex
        let end = lastIndex { !blank($0) }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
