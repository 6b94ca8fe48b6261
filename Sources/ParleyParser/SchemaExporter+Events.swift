import ParleyModel

/// The schema of matchers and event patterns.
extension SchemaExporter {
    static func matcherDefinitions() -> [(String, JSONValue)] {
        let matcher = ref("matcher")
        let bound = anyOf([.object([JSONMember("type", "number")]), ref("duration")])
        let keywords: [(String, JSONValue)] = MatcherKeyword.allCases.map { keyword in
            switch keyword {
            case .equals: return (keyword.rawValue, ref("value"))
            case .contains, .icontains, .matches, .startsWith: return (keyword.rawValue, string)
            case .oneOf: return (keyword.rawValue, array(ref("value")))
            case .not: return (keyword.rawValue, matcher)
            case .all, .any: return (keyword.rawValue, array(matcher))
            case .lt, .lte, .gt, .gte: return (keyword.rawValue, bound)
            case .jsonPath:
                return (keyword.rawValue, .object([JSONMember("type", "object"), JSONMember("propertyNames", .object([JSONMember("pattern", "^\\$")])), JSONMember("additionalProperties", matcher)]))
            case .exists: return (keyword.rawValue, boolean)
            }
        }
        var operators = object(keywords)
        if case .object(var members) = operators {
            members.append(JSONMember("minProperties", 1))
            operators = .object(members)
        }
        return [
            ("matcherOperators", operators),
            ("scalarMatcher", anyOf([scalar, array(ref("value")), ref("matcherOperators")])),
            ("matcher", anyOf([scalar, array(ref("value")), ref("matcherOperators"), .object([JSONMember("type", "object"), JSONMember("additionalProperties", matcher)])])),
        ]
    }

    static func eventDefinitions() -> [(String, JSONValue)] {
        let names = EventKind.allCases.map(\.rawValue)
        // Each event's value schema is defined once and referenced by the three places that name events.
        let events: [(String, JSONValue)] = EventKind.allCases.map { ($0.rawValue, ref("event_\($0.rawValue)")) }
        let latency = object(LatencyMeasure.allCases.map { ($0.rawValue, ref("matcherOperators")) })
        let count = anyOf([integer(minimum: 0), ref("matcherOperators")])
        return [
            ("eventName", enumeration(names)),
            ("eventPattern", anyOf([ref("eventName"), withMinimum(object(events))])),
            ("expectation", anyOf([ref("eventName"), withMinimum(object(events + [("within", ref("duration")), ("latency", latency), ("count", count)]))])),
            ("absence", anyOf([ref("eventName"), withMinimum(object(events + [("for", ref("duration"))]))])),
        ] + EventKind.allCases.map { ("event_\($0.rawValue)", eventValue($0)) }
    }

    /// What may follow an event's key: nothing, a value for its primary field, or its fields.
    private static func eventValue(_ kind: EventKind) -> JSONValue {
        var fields: [(String, JSONValue)] = kind.fields.map { field in
            let structured = EventPatternParser.structuredFields.contains(field.name)
            let base = structured ? ref("matcher") : ref("scalarMatcher")
            guard let values = field.values else { return (field.name, base) }
            return (field.name, anyOf([enumeration(values), ref("matcherOperators")]))
        }
        var options: [JSONValue] = [.object([JSONMember("type", "null")])]
        if kind.primaryField != nil {
            options.append(anyOf([scalar, array(ref("value"))]))
            fields += MatcherKeyword.allCases.map { ($0.rawValue, .object([])) }
        }
        options.append(object(fields))
        return anyOf(options)
    }

    private static func withMinimum(_ schema: JSONValue) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        members.append(JSONMember("minProperties", 1))
        return .object(members)
    }
}
