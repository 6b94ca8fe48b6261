import ParleyModel

/// The schema of matchers and event patterns.
extension SchemaExporter {
    static func matcherDefinitions() -> [(String, JSONValue)] {
        let keywords = MatcherParser.keywords
        return [
            ("matcherOperators", with(object(matcherKeywords()), [JSONMember("minProperties", 1)])),
            // Every key a keyword: the operators; in a position holding text or a number, nothing else.
            ("scalarMatcher", when(["object"], then: ref("matcherOperators"), otherwise: plainValue)),
            // In a JSON position a mapping without keywords matches an object by the keys it names;
            // one with a keyword is a matcher, and then every key must be one (as the parser says).
            (
                "matcher",
                when(
                    ["object"],
                    then: when(
                        .object([JSONMember("propertyNames", .object([JSONMember("not", enumeration(keywords))]))]),
                        then: .object([JSONMember("additionalProperties", ref("matcher"))]), otherwise: ref("matcherOperators")),
                    otherwise: plainValue)
            ),
        ]
    }

    /// Each matcher keyword with its value's schema and its description.
    static func matcherKeywords() -> [(String, JSONValue)] {
        let matcher = ref("matcher")
        let bound = when(["number"], then: nil, otherwise: ref("duration"))
        return MatcherKeyword.allCases.map { keyword in
            let schema: JSONValue
            switch keyword {
            case .equals: schema = ref("value")
            case .contains, .icontains, .matches, .startsWith: schema = string
            case .oneOf: schema = array(ref("value"))
            case .not: schema = matcher
            case .all, .any: schema = array(matcher)
            case .lt, .lte, .gt, .gte: schema = bound
            case .jsonPath:
                schema = .object([
                    JSONMember("type", "object"), JSONMember("propertyNames", .object([JSONMember("pattern", "^\\$")])),
                    JSONMember("additionalProperties", matcher),
                ])
            case .exists: schema = boolean
            case .similar:
                let texts = when(["array"], then: array(string), otherwise: string)
                let mapping = object([
                    ("to", describe(texts, "The text the reply should mean, or a list of texts (any one is enough).")),
                    ("threshold", describe(fraction, "The least cosine similarity that passes (default 0.75).")),
                ], required: ["to"])
                schema = when(["object"], then: mapping, otherwise: texts)
            case .judge:
                let mapping = object([
                    ("rubric", describe(string, "What the text must do, in words.")),
                    ("threshold", describe(fraction, "When set, the judge's score (0 to 1) must also reach it.")),
                ], required: ["rubric"])
                schema = when(["object"], then: mapping, otherwise: string)
            }
            return (keyword.rawValue, describe(schema, keyword.summary))
        }
    }

    static func eventDefinitions() -> [(String, JSONValue)] {
        // Each event's value schema is defined once and referenced by the places that name events.
        let events: [(String, JSONValue)] = EventKind.allCases.map { kind in
            let bare = kind.primaryField.map { " A value or matcher alone checks its \($0)." } ?? ""
            return (kind.rawValue, describe(ref("event_\(kind.rawValue)"), kind.summary + bare))
        }
        let latency = object(LatencyMeasure.allCases.map { ($0.rawValue, describe(ref("matcherOperators"), $0.summary)) })
        let count = when(["object"], then: ref("matcherOperators"), otherwise: integer(minimum: 0))
        let expectation = properties(OptionKeys.expectation, ["within": ref("duration"), "latency": latency, "count": count])
        let absence = properties(OptionKeys.absence, ["for": ref("duration")])
        func pattern(_ properties: [(String, JSONValue)], most: Int?) -> JSONValue {
            var members = [JSONMember("minProperties", 1)]
            if let most { members.append(JSONMember("maxProperties", .number(Double(most)))) }
            return when(["string"], then: ref("eventName"), otherwise: with(object(properties), members))
        }
        return [
            ("eventName", enumeration(EventKind.allCases.map(\.rawValue))),
            ("eventPattern", pattern(events, most: 1)),
            ("expectation", pattern(events + expectation, most: nil)),
            ("absence", pattern(events + absence, most: nil)),
        ] + EventKind.allCases.map { ("event_\($0.rawValue)", eventValue($0)) }
    }

    /// What may follow an event's key: nothing, a value or matcher for its primary field, or its fields.
    private static func eventValue(_ kind: EventKind) -> JSONValue {
        var fields: [(String, JSONValue)] = kind.fields.map { field in
            let structured = EventPatternParser.structuredFields.contains(field.name)
            var schema = structured ? ref("matcher") : ref("scalarMatcher")
            if let values = field.values { schema = when(["object"], then: ref("matcherOperators"), otherwise: enumeration(values)) }
            return (field.name, describe(schema, field.summary))
        }
        if kind.primaryField != nil { fields += matcherKeywords() }
        return when(["object"], then: object(fields), otherwise: kind.primaryField == nil ? .object([JSONMember("type", "null")]) : plainValue)
    }
}
