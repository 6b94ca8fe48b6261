import ParleyModel

/// Patterns and events in words, for failure messages: `reply containing "shipped"`, `reply "Hi"`.
enum PatternDescription {
    static func describe(_ pattern: EventPattern) -> String {
        guard let matcher = pattern.matcher else { return pattern.kind.rawValue }
        return "\(pattern.kind.rawValue) \(describe(matcher, field: pattern.kind.primaryField))"
    }

    static func describe(_ matcher: Matcher, field primary: String? = nil) -> String {
        switch matcher.kind {
        case .equals(let value): return text(value).map { "\"\($0)\"" } ?? "equal to a value"
        case .contains(let template): return "containing \(quoted(template))"
        case .containsIgnoringCase(let template): return "containing \(quoted(template)) in any case"
        case .matches(let template): return "matching /\(template.literalText ?? "…")/"
        case .startsWith(let template): return "starting with \(quoted(template))"
        case .oneOf(let values): return "one of \(values.compactMap(text).map { "\"\($0)\"" }.joined(separator: ", "))"
        case .not(let inner): return "not \(describe(inner))"
        case .all(let inner): return inner.map { describe($0) }.joined(separator: " and ")
        case .any(let inner): return inner.map { describe($0) }.joined(separator: " or ")
        case .compare(let comparison, let bound):
            let words = ["lt": "under", "lte": "at most", "gt": "over", "gte": "at least"][comparison.rawValue] ?? comparison.rawValue
            switch bound {
            case .number(let number): return "\(words) \(Int(checked: number).map(String.init) ?? String(number))"
            case .duration(let duration): return "\(words) \(duration.flowText)"
            }
        case .object(let fields):
            // The primary field reads without its name: `reply containing "x"`, not `reply with text containing "x"`.
            return fields.map { field in
                field.key == primary ? describe(field.matcher) : "with \(field.key) \(describe(field.matcher))"
            }.joined(separator: " ")
        case .jsonPath(let path, let inner): return "with \(path) \(describe(inner))"
        case .exists(let present): return present ? "present" : "absent"
        case .similar(let similarity): return "meaning \(similarity.references.map(quoted).joined(separator: " or "))"
        case .judge(let rubric): return "meeting the rubric \(quoted(rubric.text))"
        }
    }

    /// An event as a failure message shows it: its kind and main field.
    static func show(_ event: AgentEvent) -> String {
        guard let kind = event.kinds.last else { return "raw event" }
        guard let primary = kind.primaryField, let value = event.fields[primary] else { return kind.rawValue }
        return "\(kind.rawValue) \(MatcherEvaluator.show(value))"
    }

    private static func quoted(_ template: Template) -> String {
        "\"\(template.literalText ?? template.parts.map(describe).joined())\""
    }

    private static func describe(_ part: Template.Part) -> String {
        switch part {
        case .literal(let text): return text
        case .reference(let reference, _): return "${\(reference)}"
        }
    }

    private static func text(_ value: ValueTemplate) -> String? {
        switch value {
        case .string(let template): return template.literalText ?? template.parts.map(describe).joined()
        case .number(let number): return Int(checked: number).map(String.init) ?? String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }
}
