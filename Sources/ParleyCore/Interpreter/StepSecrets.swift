import ParleyModel

/// The `${secret.X}` references in a step's matchers, conditions and capture patterns. Matching
/// renders them without reporting them, yet a failure quotes the rendered value (`expected
/// "s3cr3t", got …`, `no reply matched /s3cr3t/`), so the interpreter notes them when the step starts.
enum StepSecrets {
    /// The secret names the step's own matchers use (not those of the steps inside a block).
    static func names(in kind: Step.Kind) -> [String] {
        let templates: [Template]
        switch kind {
        case .expect(let expectation):
            templates = templatesOf(expectation.pattern) + expectation.latency.flatMap { templatesOf($0.matcher) }
        case .expectNo(let absence): templates = templatesOf(absence.pattern)
        case .expectSequence(let sequence): templates = sequence.patterns.flatMap(templatesOf)
        case .conditional(let conditional): templates = templatesOf(conditional.condition)
        case .loop(let loop):
            if case .until(let condition, _) = loop.bound { templates = templatesOf(condition) } else { templates = [] }
        case .capture(let captures):
            templates = captures.compactMap { capture in
                if case .regex(let template, _) = capture.extraction { return template }
                return nil
            }
        case .send, .tap, .fill, .click, .schedule, .respondTool, .resume, .end, .typing, .wait, .set, .include, .retry, .log:
            // Rendered by the step itself, which reports what it used.
            templates = []
        }
        return templates.flatMap(\.references).compactMap { reference, _ in
            if case .secret(let name) = reference { return name }
            return nil
        }
    }

    private static func templatesOf(_ pattern: EventPattern) -> [Template] {
        pattern.matcher.map(templatesOf) ?? []
    }

    private static func templatesOf(_ condition: Condition) -> [Template] {
        switch condition {
        case .variable(_, let matcher): return templatesOf(matcher)
        case .received(let pattern): return templatesOf(pattern)
        case .all(let conditions), .any(let conditions): return conditions.flatMap(templatesOf)
        case .not(let inner): return templatesOf(inner)
        }
    }

    private static func templatesOf(_ matcher: Matcher) -> [Template] {
        switch matcher.kind {
        case .equals(let value): return value.templates
        case .contains(let template), .containsIgnoringCase(let template), .matches(let template), .startsWith(let template):
            return [template]
        case .oneOf(let values): return values.flatMap(\.templates)
        case .not(let inner), .jsonPath(_, let inner): return templatesOf(inner)
        case .all(let inner), .any(let inner): return inner.flatMap(templatesOf)
        case .object(let fields): return fields.flatMap { templatesOf($0.matcher) }
        case .similar(let similarity): return similarity.references
        case .judge(let rubric): return [rubric.text]
        case .compare, .exists: return []
        }
    }
}
