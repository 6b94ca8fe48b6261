import ParleyModel

/// Reads event patterns: `goal_completed`, `{ reply: { contains: x } }`, `{ tool_call: { name: lookup } }`.
struct EventPatternParser {
    let context: ParseContext

    static let eventNames = EventKind.allCases.map(\.rawValue)

    /// A bare event name, or a mapping with exactly one event key plus the `extraKeys` the step allows.
    /// Returns the pattern and the mapping (for the caller's extra keys).
    func parse(_ node: YAMLNode, extraKeys: [KeyDeclaration], step: String) -> (EventPattern, MappingReader?)? {
        switch node.value {
        case .scalar(let name, _):
            if node.scalarMeaning == .null {
                context.error("'\(step)' needs an event, like { reply: { contains: thanks } }", at: node.location)
                return nil
            }
            guard let kind = kind(named: name, at: node.location) else { return nil }
            return (EventPattern(kind: kind, matcher: nil, location: node.location), nil)
        case .sequence:
            context.wrongShape(node, expected: "an event, like 'reply' or { reply: { contains: thanks } }", context: step)
            return nil
        case .mapping(let pairs):
            let reader = MappingReader(node, context, expected: "")!
            let events = pairs.filter { !extraKeys.names.contains($0.key.value) }
            let named = events.first { EventKind(rawValue: $0.key.value) != nil }?.key.value
            for (key, value) in events where EventKind(rawValue: key.value) == nil {
                if let meant = extraKeys.aliases[key.value] {
                    // `timeout:` is the flow's default wait; one expectation's own is `within:`.
                    let flowWide = FlowKey(rawValue: key.value) == nil ? "" : " ('\(key.value)' sets the whole flow's default)"
                    context.error(
                        "unknown key '\(key.value)' in '\(step)'; this step's own wait is '\(meant)'\(flowWide), like - \(step): { \(named ?? "reply"): …, \(meant): \(Self.shown(value, or: "5s")) }",
                        at: key.location)
                    continue
                }
                context.error(
                    "unknown event '\(key.value)' in '\(step)'\(Suggestion.hint(for: key.value, in: Self.eventNames + extraKeys.names))",
                    at: key.location)
            }
            let known = events.filter { EventKind(rawValue: $0.key.value) != nil }
            guard events.count == known.count else { return nil }
            guard let (key, value) = known.first else {
                context.error("'\(step)' needs an event, like { reply: { contains: thanks } }", at: node.location)
                return nil
            }
            if known.count > 1 {
                context.error(
                    "'\(step)' names \(known.count) events (\(known.map { "'\($0.key.value)'" }.joined(separator: ", "))); write one step per event, or use 'expect_sequence'",
                    at: known[1].key.location)
                return nil
            }
            let kind = EventKind(rawValue: key.value)!
            guard let pattern = pattern(kind, value, at: key.location) else { return nil }
            return (pattern, reader)
        }
    }

    /// The pattern for one event kind given the value written under its key.
    func pattern(_ kind: EventKind, _ value: YAMLNode, at location: SourceLocation) -> EventPattern? {
        let matchers = MatcherParser(context: context)
        switch value.value {
        case .scalar where value.scalarMeaning == .null:
            return EventPattern(kind: kind, matcher: nil, location: location)
        case .scalar, .sequence:
            guard let primary = kind.primaryField else {
                context.error(
                    "'\(kind.rawValue)' takes no value; write '\(kind.rawValue): {}' or name its fields (\(fieldList(kind)))",
                    at: value.location)
                return nil
            }
            guard let matcher = field(kind, primary, value, matchers) else { return nil }
            return EventPattern(
                kind: kind, matcher: Matcher(.object([FieldMatcher(key: primary, matcher: matcher)]), at: value.location),
                location: location)
        case .mapping(let pairs):
            let keywords = MatcherParser.keywords
            let fields = kind.fields.map(\.name)
            var primaryMatchers: [Matcher] = []
            var fieldMatchers: [FieldMatcher] = []
            for (key, inner) in pairs {
                if fields.contains(key.value) {
                    if let matcher = field(kind, key.value, inner, matchers) {
                        fieldMatchers.append(FieldMatcher(key: key.value, matcher: matcher))
                    }
                } else if keywords.contains(key.value), let primary = kind.primaryField {
                    let single = YAMLNode(value: .mapping([(key, inner)]), location: key.location)
                    if let matcher = field(kind, primary, single, matchers) { primaryMatchers.append(matcher) }
                } else {
                    // Where a bare matcher checks the primary field, the keywords (and the
                    // words people write for them: `include` for `contains`) are candidates too.
                    let takesMatcher = kind.primaryField != nil
                    let candidates = fields + (takesMatcher ? keywords : [])
                    let known = fields.isEmpty ? "it has no fields" : "its fields are \(fieldList(kind))"
                    let hint = Suggestion.hint(for: key.value, in: candidates, aliases: takesMatcher ? MatcherParser.aliases : [:])
                    context.error("unknown field '\(key.value)' for '\(kind.rawValue)' (\(known))\(hint)", at: key.location)
                }
            }
            if let primary = kind.primaryField, let combined = matchers.combine(primaryMatchers, at: value.location) {
                fieldMatchers.insert(FieldMatcher(key: primary, matcher: combined), at: 0)
            }
            let matcher = fieldMatchers.isEmpty ? nil : Matcher(.object(fieldMatchers), at: value.location)
            return EventPattern(kind: kind, matcher: matcher, location: location)
        }
    }

    private func field(_ kind: EventKind, _ name: String, _ node: YAMLNode, _ matchers: MatcherParser) -> Matcher? {
        let spec = kind.fields.first { $0.name == name }
        let position: MatcherParser.Position = Self.structuredFields.contains(name) ? .structured : .scalarValue
        guard let matcher = matchers.parse(node, position) else { return nil }
        if let values = spec?.values { checkClosedValues(matcher, values, field: name, kind: kind) }
        return matcher
    }

    /// A literal value for a field with a closed set of values must be one of them.
    private func checkClosedValues(_ matcher: Matcher, _ values: [String], field: String, kind: EventKind) {
        switch matcher.kind {
        case .equals(.string(let template)):
            guard let text = template.literalText, !values.contains(text) else { return }
            context.error(
                "'\(text)' is not a \(kind.rawValue) \(field) (expected one of \(values.joined(separator: ", ")))\(Suggestion.hint(for: text, in: values))",
                at: matcher.location)
        case .oneOf(let options):
            for option in options {
                checkClosedValues(Matcher(.equals(option), at: matcher.location), values, field: field, kind: kind)
            }
        case .not(let inner): checkClosedValues(inner, values, field: field, kind: kind)
        case .all(let inner), .any(let inner):
            for each in inner { checkClosedValues(each, values, field: field, kind: kind) }
        case .equals, .contains, .containsIgnoringCase, .matches, .startsWith, .compare, .object, .jsonPath, .exists, .similar, .judge:
            return
        }
    }

    func kind(named name: String, at location: SourceLocation) -> EventKind? {
        if let kind = EventKind(rawValue: name) { return kind }
        context.error("unknown event '\(name)'\(Suggestion.hint(for: name, in: Self.eventNames))", at: location)
        return nil
    }

    /// A scalar as written, for a message that shows the fix; `fallback` for anything else.
    static func shown(_ node: YAMLNode, or fallback: String) -> String {
        if case .scalar(let text, _) = node.value, !text.isEmpty, text.count <= 20 { return text }
        return fallback
    }

    private func fieldList(_ kind: EventKind) -> String {
        kind.fields.map(\.name).joined(separator: ", ")
    }

    /// Fields holding JSON, where a mapping matches an object rather than listing matchers.
    static let structuredFields: Set<String> = [
        "args", "payload", "data", "content", "value", "state", "patch", "suggestions", "attachments",
        "call_actions", "elements", "route", "metadata",
    ]
}
