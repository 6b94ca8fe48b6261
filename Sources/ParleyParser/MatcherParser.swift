import ParleyModel

/// Reads the matcher language: scalars mean equals, mappings of keywords combine, other mappings match objects.
struct MatcherParser {
    let context: ParseContext

    /// What a mapping without keywords means at this position.
    enum Position {
        /// A text or number value: every key must be a matcher keyword.
        case scalarValue
        /// A JSON value: a mapping without keywords matches an object as a subset.
        case structured
    }

    /// The matcher keywords as written.
    static let keywords = MatcherKeyword.allCases.map(\.rawValue)

    /// Words people write for a keyword (`include`), each with the keyword (`contains`).
    static let aliases: [String: String] = Dictionary(
        MatcherKeyword.allCases.flatMap { keyword in keyword.aliases.map { ($0, keyword.rawValue) } }, uniquingKeysWith: { first, _ in first })

    func parse(_ node: YAMLNode, _ position: Position) -> Matcher? {
        switch node.value {
        case .scalar, .sequence:
            return Matcher(.equals(context.valueTemplate(node).refusingEmpty), at: node.location)
        case .mapping(let pairs):
            let keywords = Self.keywords
            let isKeyword = pairs.map { keywords.contains($0.key.value) }
            if isKeyword.allSatisfy({ $0 }) {
                return combine(pairs.compactMap { keyword($0.key, $0.value, position) }, at: node.location)
            }
            switch position {
            case .scalarValue:
                for (key, _) in pairs where !keywords.contains(key.value) {
                    context.error(
                        "unknown matcher '\(key.value)'\(Suggestion.hint(for: key.value, in: keywords, aliases: Self.aliases))", at: key.location)
                }
                return nil
            case .structured:
                if let mixed = pairs.first(where: { keywords.contains($0.key.value) }) {
                    context.error(
                        "'\(mixed.key.value)' is a matcher keyword in a mapping of object keys; match this object's fields with 'json_path', or move '\(mixed.key.value)' to its own field",
                        at: mixed.key.location)
                    return nil
                }
                var fields: [FieldMatcher] = []
                for (key, value) in pairs {
                    if let matcher = parse(value, .structured) { fields.append(FieldMatcher(key: key.value, matcher: matcher)) }
                }
                return Matcher(.object(fields), at: node.location)
            }
        }
    }

    /// Several matchers written in one mapping all have to hold.
    func combine(_ matchers: [Matcher], at location: SourceLocation) -> Matcher? {
        switch matchers.count {
        case 0: return nil
        case 1: return matchers[0]
        default: return Matcher(.all(matchers), at: location)
        }
    }

    private func keyword(_ key: Located<String>, _ value: YAMLNode, _ position: Position) -> Matcher? {
        guard let keyword = MatcherKeyword(rawValue: key.value) else { return nil }
        let at = key.location
        func text(_ build: (Template) -> Matcher.Kind) -> Matcher? {
            context.template(value, "a text value for '\(key.value)'").map { Matcher(build($0.refusingEmpty), at: at) }
        }
        switch keyword {
        case .equals: return Matcher(.equals(context.valueTemplate(value).refusingEmpty), at: at)
        case .contains: return text(Matcher.Kind.contains)
        case .icontains: return text(Matcher.Kind.containsIgnoringCase)
        case .startsWith: return text(Matcher.Kind.startsWith)
        case .matches:
            guard let template = context.template(value, "a regular expression") else { return nil }
            context.checkRegex(template)
            return Matcher(.matches(template.refusingEmpty), at: at)
        case .oneOf:
            guard case .sequence(let items) = value.value else {
                context.wrongShape(value, expected: "a list of values for 'one_of'")
                return nil
            }
            return Matcher(.oneOf(items.map { context.valueTemplate($0).refusingEmpty }), at: at)
        case .not:
            return parse(value, position).map { Matcher(.not($0), at: at) }
        case .all, .any:
            guard case .sequence(let items) = value.value else {
                context.wrongShape(value, expected: "a list of matchers for '\(key.value)'")
                return nil
            }
            let inner = items.compactMap { parse($0, position) }
            return Matcher(keyword == .all ? .all(inner) : .any(inner), at: at)
        case .lt, .lte, .gt, .gte:
            guard let bound = bound(value) else { return nil }
            return Matcher(.compare(Matcher.Comparison(rawValue: key.value)!, bound), at: at)
        case .jsonPath:
            guard let reader = MappingReader(value, context, expected: "a mapping of JSON paths to matchers, like { \"$.items[0].sku\": A-1 }")
            else { return nil }
            var paths: [Matcher] = []
            for (path, inner) in reader.pairs {
                guard path.value.hasPrefix("$") else {
                    context.error("JSON path '\(path.value)' must start with '$', like '$.order.id'", at: path.location)
                    continue
                }
                if let matcher = parse(inner, .structured) {
                    paths.append(Matcher(.jsonPath(path.value, matcher), at: path.location))
                }
            }
            return combine(paths, at: at)
        case .exists:
            return context.bool(value).map { Matcher(.exists($0), at: at) }
        case .similar:
            return MeaningMatcherParser(context: context).similar(value).map { Matcher(.similar($0), at: at) }
        case .judge:
            return MeaningMatcherParser(context: context).judge(value).map { Matcher(.judge($0), at: at) }
        }
    }

    private func bound(_ node: YAMLNode) -> Matcher.Bound? {
        switch node.scalarMeaning {
        case .number(let number):
            // Past 2^53 a bound no longer tells neighbouring whole numbers apart, and reports print
            // it as a whole number, so it is refused like any number out of range.
            guard number.isFinite, abs(number) <= Double(NumberBounds.largestWhole) else {
                context.error(
                    "bound \(Self.text(node)) is out of range; a number bound lies within \(NumberBounds.wholeRangeText)",
                    at: node.location)
                return nil
            }
            return .number(number)
        case .string(let text):
            switch DurationParser.read(text) {
            case .duration(let duration): return .duration(duration)
            case .tooLong:
                context.error("bound \(text) is too long; the longest duration is \(NumberBounds.longestDurationText)", at: node.location)
                return nil
            case .invalid: break
            }
        case .null, .bool, nil: break
        }
        context.wrongShape(node, expected: "a number or a duration like 2s")
        return nil
    }

    private static func text(_ node: YAMLNode) -> String {
        if case .scalar(let text, _) = node.value { return text }
        return node.shapeName
    }
}
