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
        /// `similar: { to: …, threshold: … }`: the text means what one of these says, by embeddings.
        case similar(Similarity)
        /// `judge: { rubric: … }`: a language model finds that the text meets the rubric.
        case judge(Rubric)
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
    case similar, judge

    /// What the keyword checks, for editors and `parley schema`.
    public var summary: String {
        switch self {
        case .equals: return "The value equals this: text, a number, true or false, a list or an object."
        case .contains: return "The text contains this, case-sensitively."
        case .icontains: return "The text contains this, ignoring case."
        case .matches: return "The text matches this regular expression, anywhere in it."
        case .startsWith: return "The text starts with this."
        case .oneOf: return "The value equals one of these."
        case .not: return "This matcher fails."
        case .all: return "Every one of these matchers holds (as several keywords in one mapping do)."
        case .any: return "At least one of these matchers holds."
        case .lt: return "The number or duration is less than this."
        case .lte: return "The number or duration is at most this."
        case .gt: return "The number or duration is more than this."
        case .gte: return "The number or duration is at least this."
        case .jsonPath: return "JSON paths into the value, like \"$.items[0].sku\", each with a matcher for what is found there."
        case .exists: return "true: the value is present (not null); false: it is absent."
        case .similar:
            return "The text means the same as this (or one of a list), by the cosine similarity of embeddings from parley.yaml's models.embeddings; default threshold 0.75."
        case .judge:
            return "A language model (parley.yaml's models.judge) finds that the text meets this rubric."
        }
    }

    /// Words people write for this keyword, from other test tools and from English, so a
    /// "did you mean" can name the keyword where the spelling is far from it (`include` for
    /// `contains`). Matched whole, never by spelling distance: `or` must not answer `on`.
    public var aliases: [String] {
        switch self {
        case .equals: return ["equal", "eq", "is", "exact", "exactly"]
        case .contains: return ["include", "includes", "contain", "has", "substring"]
        case .icontains: return ["contains_ignore_case", "contains_ignoring_case", "includes_ignoring_case", "icontain"]
        case .matches: return ["match", "regex", "regexp", "pattern"]
        case .startsWith: return ["startswith", "start_with", "begins_with", "prefix"]
        case .oneOf: return ["oneof", "in", "is_one_of"]
        case .not: return ["isnt", "is_not", "not_equals", "ne"]
        case .all: return ["all_of", "and"]
        case .any: return ["or"]
        case .lt: return ["less_than", "below", "under"]
        case .lte: return ["le", "at_most", "max"]
        case .gt: return ["greater_than", "above", "over"]
        case .gte: return ["ge", "at_least", "min"]
        case .jsonPath: return ["jsonpath", "path"]
        case .exists: return ["present", "defined"]
        case .similar: return ["similar_to", "semantic", "means", "paraphrase", "similarity"]
        case .judge: return ["rubric", "llm_rubric", "llm_judge", "grade", "graded"]
        }
    }
}
