/// The models a flow's matchers ask (`similar`, `judge`), each with the first place it is written:
/// a run asks a model only for flows that need one, and skips those whose model is not configured.
public enum MeaningUse {
    /// Each kind of model the steps need (includes and blocks included), with its first use.
    public static func kinds(in steps: [Step]) -> [MeaningKind: SourceLocation] {
        var found: [MeaningKind: SourceLocation] = [:]
        func look(_ candidate: Matcher?) {
            guard let matcher = candidate else { return }
            switch matcher.kind {
            case .similar: if found[.embeddings] == nil { found[.embeddings] = matcher.location }
            case .judge: if found[.judge] == nil { found[.judge] = matcher.location }
            case .not(let inner), .jsonPath(_, let inner): look(inner)
            case .all(let inner), .any(let inner): inner.forEach(look)
            case .object(let fields): fields.forEach { look($0.matcher) }
            case .equals, .contains, .containsIgnoringCase, .matches, .startsWith, .oneOf, .compare, .exists: return
            }
        }
        func check(_ condition: Condition) {
            switch condition {
            case .variable(_, let inner): look(inner)
            case .received(let pattern): look(pattern.matcher)
            case .all(let inner), .any(let inner): inner.forEach(check)
            case .not(let inner): check(inner)
            }
        }
        func walk(_ steps: [Step]) {
            for step in steps {
                switch step.kind {
                case .expect(let expectation):
                    look(expectation.pattern.matcher)
                    look(expectation.count)
                    expectation.latency.forEach { look($0.matcher) }
                case .expectNo(let absence): look(absence.pattern.matcher)
                case .expectSequence(let sequence): sequence.patterns.forEach { look($0.matcher) }
                case .click(let click): look(click.refused)
                case .conditional(let conditional):
                    check(conditional.condition)
                    walk(conditional.then + conditional.otherwise)
                case .loop(let loop):
                    if case .until(let until, _) = loop.bound { check(until) }
                    walk(loop.steps)
                case .include(let include): walk(include.steps)
                case .retry(let retry): walk(retry.steps)
                case .send, .tap, .fill, .schedule, .respondTool, .resume, .end, .typing, .wait, .set, .capture, .log: continue
                }
            }
        }
        walk(steps)
        return found
    }
}
