import ParleyModel

/// How console text looks: marks, colours and durations, kept apart from what is printed when.
struct ConsoleStyle: Sendable {
    /// Whether to wrap text in ANSI colour escapes.
    var colored: Bool

    enum Tint: String {
        case green = "32"
        case red = "31"
        case yellow = "33"
        case dim = "2"
        case bold = "1"
    }

    /// `text` in `tint` when colouring, else unchanged.
    func paint(_ text: String, _ tint: Tint) -> String {
        colored && !text.isEmpty ? "\u{1B}[\(tint.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// A duration as the console shows it: `0.4s`, `12.0s`, `2m 3.4s`.
    static func duration(_ duration: Duration) -> String {
        let tenths = max(0, (milliseconds(duration) + 50) / 100)
        let seconds = "\(tenths % 600 / 10).\(tenths % 10)s"
        return tenths >= 600 ? "\(tenths / 600)m \(seconds)" : "\(tenths / 10).\(tenths % 10)s"
    }

    /// A time within a flow, for debug timelines: `  0.120`, seven wide.
    static func clock(_ duration: Duration) -> String {
        let millis = max(0, milliseconds(duration))
        let fraction = String(millis % 1000)
        let text = "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
        return String(repeating: " ", count: max(0, 7 - text.count)) + text
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// Text from outside Parley (agent text, flow and step names, log texts, failures) as the
    /// console may print it: on one line, every control character spelled out (`\e`, `\r`, `\n`,
    /// `\0`, `\a`, `\u{85}`, `\u{202E}`: `String.escapingControls`), so it cannot move the cursor,
    /// recolour, ring or forge a line. Colours Parley adds with `paint` go on after.
    static func safe(_ text: String) -> String {
        text.escapingControls
    }

    /// `safe(text)` cut to `limit` characters with an ellipsis, for one-line views.
    static func oneLine(_ text: String, limit: Int = 160) -> String {
        let flat = safe(text)
        return flat.count > limit ? String(flat.prefix(limit - 1)) + "…" : flat
    }
}
