/// Durations as flows write them: `250ms`, `5s`, `2m`, `1h`, or combined like `1m30s`.
public enum DurationText {
    /// The longest duration a flow may write (about 31 years): beyond it the arithmetic of
    /// deadlines could overflow, and no wait that long is meant.
    public static let longest: Duration = .seconds(1_000_000_000)

    /// The duration `text` writes, or nil when it is not one (or is longer than `longest`).
    public static func parse(_ text: String) -> Duration? {
        var rest = text.trimmedOfBlanks
        guard !rest.isEmpty else { return nil }
        var milliseconds = 0.0
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !digits.isEmpty, let amount = Double(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            let scale: Double
            switch unit {
            case "ms": scale = 1
            case "s": scale = 1000
            case "m": scale = 60_000
            case "h": scale = 3_600_000
            default: return nil
            }
            milliseconds += amount * scale
        }
        guard milliseconds.isFinite, milliseconds <= longest.inSeconds * 1000 else { return nil }
        return .milliseconds(Int64(milliseconds.rounded()))
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
