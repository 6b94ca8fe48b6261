import ParleyModel

/// Reports `${name}` references to variables not defined before use, walking steps in order.
/// Blocks (`if`, `repeat`, `retry`, `include`) share the flow's scope, as they do when the flow runs.
struct VariableChecker {
    private var defined: Set<String>
    private(set) var diagnostics: [Diagnostic] = []

    init(flow: Flow) {
        defined = Set(flow.vars.map(\.name))
        if let data = flow.data { defined.formUnion(data.rows.flatMap { $0.map(\.name) }) }
    }

    static func check(_ flow: Flow) -> [Diagnostic] {
        var checker = VariableChecker(flow: flow)
        for assignment in flow.vars { checker.check(assignment.value.templates) }
        for row in flow.data?.rows ?? [] { checker.check(row.flatMap(\.value.templates)) }
        checker.check(flow.steps)
        return checker.diagnostics
    }

    private mutating func check(_ steps: [Step]) {
        for step in steps { check(step) }
    }

    private mutating func check(_ step: Step) {
        switch step.kind {
        case .send(let send): check([send.text])
        case .expect(let expectation):
            check(expectation.pattern)
            for latency in expectation.latency { check(latency.matcher) }
        case .expectNo(let absence): check(absence.pattern)
        case .expectSequence(let sequence): sequence.patterns.forEach { check($0) }
        case .tap(let text), .log(let text): check([text])
        case .fill(let fill):
            check(fill.values.flatMap(\.value.templates) + [fill.submit].compactMap { $0 })
        case .click(let click): check([click.element, click.card].compactMap { $0 })
        case .schedule(let slot): check([slot.slot, slot.scheduler].compactMap { $0 })
        case .respondTool(let response): check([response.name, response.callID].compactMap { $0 } + response.result.templates)
        case .resume(let resume): check((resume.payload?.templates ?? []) + [resume.interrupt].compactMap { $0 })
        case .end, .typing, .wait: break
        case .set(let assignments):
            for assignment in assignments {
                check(assignment.value.templates)
                defined.insert(assignment.name)
            }
        case .capture(let captures):
            for capture in captures {
                if case .regex(let regex, _) = capture.extraction { check([regex]) }
                defined.insert(capture.name)
            }
        case .conditional(let conditional):
            check(conditional.condition)
            check(conditional.then)
            check(conditional.otherwise)
        case .loop(let loop):
            check(loop.steps)
            if case .until(let condition, _) = loop.bound { check(condition) }
        case .include(let include):
            check(include.parameters.flatMap(\.value.templates))
            check(include.defaults.flatMap(\.value.templates))
            defined.formUnion(include.defaults.map(\.name))
            check(include.steps)
        case .retry(let retry): check(retry.steps)
        }
    }

    private mutating func check(_ condition: Condition) {
        switch condition {
        case .variable(let name, let matcher):
            if !defined.contains(name.value) {
                diagnostics.append(
                    .error("undefined variable '\(name.value)'\(Suggestion.hint(for: name.value, in: defined.sorted()))", at: name.location))
            }
            check(matcher)
        case .received(let pattern): check(pattern)
        case .all(let conditions), .any(let conditions): conditions.forEach { check($0) }
        case .not(let inner): check(inner)
        }
    }

    private mutating func check(_ pattern: EventPattern) {
        if let matcher = pattern.matcher { check(matcher) }
    }

    private mutating func check(_ matcher: Matcher) {
        switch matcher.kind {
        case .equals(let value): check(value.templates)
        case .contains(let text), .containsIgnoringCase(let text), .matches(let text), .startsWith(let text): check([text])
        case .oneOf(let values): check(values.flatMap(\.templates))
        case .not(let inner), .jsonPath(_, let inner): check(inner)
        case .all(let inner), .any(let inner): inner.forEach { check($0) }
        case .object(let fields): fields.forEach { check($0.matcher) }
        case .compare, .exists: break
        }
    }

    private mutating func check(_ templates: [Template]) {
        for template in templates {
            for (reference, location) in template.references {
                guard case .variable(let name, _) = reference, !defined.contains(name) else { continue }
                diagnostics.append(
                    .error("undefined variable '\(name)'\(Suggestion.hint(for: name, in: defined.sorted()))", at: location))
            }
        }
    }
}
