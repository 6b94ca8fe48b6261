import Foundation

/// A compiled `text:` pattern with the names of its groups.
///
/// `NSRegularExpression` (ICU) is the dialect flows use for `matches`, so scripts and flows read
/// patterns the same way. It is immutable once made, hence safe to share.
public struct ScriptRegex: Hashable, @unchecked Sendable {
    /// The pattern as written.
    public let pattern: String
    /// The named groups, in the order they open.
    public let groupNames: [String]
    /// How many groups the pattern captures.
    public let groupCount: Int
    let expression: NSRegularExpression

    /// Compiles `pattern`; throws when it is not a valid regular expression.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        expression = try NSRegularExpression(pattern: pattern)
        groupCount = expression.numberOfCaptureGroups
        groupNames = Self.groupNames(in: pattern)
    }

    public static func == (lhs: ScriptRegex, rhs: ScriptRegex) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// The first match in `text` as bindings: `0` the whole match, `1`… the groups, and each named
    /// group by name. Groups that took no part in the match are left out.
    public func firstMatch(in text: String) -> [String: String]? {
        let range = NSRange(text.startIndex..., in: text)
        guard let match = expression.firstMatch(in: text, range: range) else { return nil }
        var bindings: [String: String] = [:]
        for index in 0..<match.numberOfRanges {
            if let found = Range(match.range(at: index), in: text) { bindings[String(index)] = String(text[found]) }
        }
        for name in groupNames {
            if let found = Range(match.range(withName: name), in: text) { bindings[name] = String(text[found]) }
        }
        return bindings
    }

    /// Names of `(?<name>…)` and `(?P<name>…)` groups, skipping escapes and character classes.
    static func groupNames(in pattern: String) -> [String] {
        let scalars = Array(pattern.unicodeScalars)
        var names: [String] = []
        var index = 0
        var inClass = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                index += 2
                continue
            }
            if inClass {
                if scalar == "]" { inClass = false }
            } else if scalar == "[" {
                inClass = true
            } else if scalar == "(", index + 2 < scalars.count, scalars[index + 1] == "?" {
                var start = index + 2
                if scalars[start] == "P" { start += 1 }
                if start < scalars.count, scalars[start] == "<", start + 1 < scalars.count,
                    scalars[start + 1] != "=", scalars[start + 1] != "!",
                    let close = scalars[(start + 1)...].firstIndex(of: ">")
                {
                    names.append(String(String.UnicodeScalarView(scalars[(start + 1)..<close])))
                }
            }
            index += 1
        }
        return names
    }
}
