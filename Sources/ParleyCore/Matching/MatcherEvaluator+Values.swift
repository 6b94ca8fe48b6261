import ParleyModel

/// Comparisons and wording shared by the matchers.
extension MatcherEvaluator {
    /// JSON equality, where a scalar also equals a string of the same text (`5` and `"5"`).
    static func equal(_ actual: JSONValue?, _ expected: JSONValue) -> Bool {
        guard let actual else { return expected == .null }
        if actual == expected { return true }
        if let seconds = durationSeconds(actual), let other = durationSeconds(expected), duration(actual) || duration(expected) {
            return abs(seconds - other) < 1e-9
        }
        switch (actual, expected) {
        case (.number(let a), .number(let b)): return a == b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.object, _), (.array, _), (_, .object), (_, .array): return false
        default: return text(actual) == text(expected)
        }
    }

    /// A value read as seconds: a number is seconds, a duration literal (`40s`, `250ms`) is converted,
    /// so `wait: 40s` and a field holding 40 mean the same thing in every matcher.
    static func durationSeconds(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let number): return number
        case .string(let text): return DurationText.parse(text)?.inSeconds
        case .bool, .null, .array, .object: return nil
        }
    }

    /// Whether the value is a duration literal (text like `40s`), not a plain number.
    static func duration(_ value: JSONValue) -> Bool {
        if case .string(let text) = value { return DurationText.parse(text) != nil }
        return false
    }

    /// A string contains the needle; a list has an element equal to it (or, for strings, containing it).
    static func contains(_ value: JSONValue?, _ needle: String, ignoringCase: Bool) -> Bool {
        let fold: (String) -> String = ignoringCase ? { $0.lowercased() } : { $0 }
        switch value {
        case .array(let items): return items.contains { contains($0, needle, ignoringCase: ignoringCase) }
        case .object(let members): return members.contains { contains($0.value, needle, ignoringCase: ignoringCase) }
        default:
            guard let text = text(value) else { return false }
            return TextSearch.contains(fold(text), fold(needle))
        }
    }

    /// The text of a scalar; nil for absent values, lists and objects.
    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .number(let number)?: return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag)?: return flag ? "true" : "false"
        case .null?, nil, .array?, .object?: return nil
        }
    }

    /// A value as a failure message shows it: strings quoted and cut short.
    static func show(_ value: JSONValue?) -> String {
        switch value {
        case nil: return "nothing"
        case .string(let text)?: return quote(text)
        case let other?:
            let compact = text(other) ?? other.compactText()
            return compact.count > shownLimit ? String(compact.prefix(shownLimit)) + "… (\(compact.count) characters in all)" : compact
        }
    }

    /// How much of a value a failure shows: whole replies, tool results and cards fit; only a runaway value is cut.
    static let shownLimit = 2_000

    static func quote(_ text: String) -> String {
        let short = text.count > shownLimit ? String(text.prefix(shownLimit)) + "… (\(text.count) characters in all)" : text
        return "\"\(short)\""
    }
}
