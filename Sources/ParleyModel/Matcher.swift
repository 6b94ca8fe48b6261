/// A condition on one value of an event: text, a number, a duration or a JSON object.
public struct Matcher: Hashable, Sendable {
    /// What the matcher checks.
    public var kind: Kind
    /// Where it was written.
    public var location: SourceLocation

    /// Creates a matcher.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The matcher language of DESIGN section 3.
    public indirect enum Kind: Hashable, Sendable {
        /// A plain scalar (or list): the value equals it.
        case equals(ValueTemplate)
        /// `contains:` substring, case-sensitive.
        case contains(Template)
        /// `icontains:` substring, ignoring case.
        case containsIgnoringCase(Template)
        /// `matches:` a regular expression, searched anywhere in the text.
        case matches(Template)
        /// `starts_with:` a prefix.
        case startsWith(Template)
        /// `one_of:` equals one of the values.
        case oneOf([ValueTemplate])
        /// `not:` the inner matcher fails.
        case not(Matcher)
        /// `all:` every inner matcher holds (also what several keywords in one mapping mean).
        case all([Matcher])
        /// `any:` at least one inner matcher holds.
        case any([Matcher])
        /// `lt`, `lte`, `gt`, `gte`: a number or duration compared with a bound.
        case compare(Comparison, Bound)
        /// A mapping of keys to matchers: the value is an object holding at least these keys.
        case object([FieldMatcher])
        /// `json_path: { path: $.a.b, <matcher> }`: the value found at the path satisfies the matcher.
        case jsonPath(String, Matcher)
        /// `exists: true|false`: the value is present (not null) or absent.
        case exists(Bool)
    }

    /// An order comparison.
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case lt, lte, gt, gte
    }

    /// The right-hand side of a comparison.
    public enum Bound: Hashable, Sendable {
        case number(Double)
        case duration(Duration)
    }
}

/// One key of an object matcher.
public struct FieldMatcher: Hashable, Sendable {
    /// The key the object must have.
    public var key: String
    /// What its value must satisfy.
    public var matcher: Matcher

    /// Creates a field matcher.
    public init(key: String, matcher: Matcher) {
        self.key = key
        self.matcher = matcher
    }
}

/// The keywords that make a mapping a matcher rather than an object to match.
public enum MatcherKeyword: String, Hashable, Sendable, CaseIterable {
    case equals, contains, icontains, matches
    case startsWith = "starts_with"
    case oneOf = "one_of"
    case not, all, any, lt, lte, gt, gte
    case jsonPath = "json_path"
    case exists
}
