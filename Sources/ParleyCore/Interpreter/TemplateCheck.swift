import ParleyModel

/// Finds a `${…}` in a pattern or condition that cannot be filled now (no value, or an empty one
/// where a matcher refuses it). A matcher that cannot render must fail its step outright: read as a
/// plain mismatch, `not:`, `expect_no` and `if:` would turn it into a quiet pass.
struct TemplateCheck {
    let interpolation: Interpolation

    /// The first failure in what the pending step matches against, if any.
    func failure(in wait: PendingStep.Wait) -> Interpolation.Failure? {
        switch wait {
        case .expectation(let expectation, _, _): return failure(in: expectation.pattern)
        case .absence(let absence, _, _): return failure(in: absence.pattern)
        case .sequence(let sequence, _, _): return sequence.patterns.lazy.compactMap(failure(in:)).first
        case .condition(let condition, _, _): return failure(in: condition)
        case .capture, .pause, .turnEnd, .performing: return nil
        }
    }

    func failure(in pattern: EventPattern) -> Interpolation.Failure? {
        pattern.matcher.flatMap(failure(in:))
    }

    func failure(in condition: Condition) -> Interpolation.Failure? {
        switch condition {
        case .variable(_, let matcher): return failure(in: matcher)
        case .received(let pattern): return failure(in: pattern)
        case .all(let inner), .any(let inner): return inner.lazy.compactMap(failure(in:)).first
        case .not(let inner): return failure(in: inner)
        }
    }

    func failure(in matcher: Matcher) -> Interpolation.Failure? {
        switch matcher.kind {
        case .equals(let value): return failure(in: value)
        case .contains(let template), .containsIgnoringCase(let template), .matches(let template), .startsWith(let template):
            if case .failure(let failure) = interpolation.render(template) { return failure }
            return nil
        case .oneOf(let values): return values.lazy.compactMap(failure(in:)).first
        case .not(let inner), .jsonPath(_, let inner): return failure(in: inner)
        case .all(let inner), .any(let inner): return inner.lazy.compactMap(failure(in:)).first
        case .object(let fields): return fields.lazy.compactMap { failure(in: $0.matcher) }.first
        case .similar(let similarity):
            return similarity.references.lazy.compactMap { template in
                if case .failure(let failure) = interpolation.render(template) { return failure }
                return nil
            }.first
        case .judge(let rubric):
            if case .failure(let failure) = interpolation.render(rubric.text) { return failure }
            return nil
        case .compare, .exists: return nil
        }
    }

    private func failure(in value: ValueTemplate) -> Interpolation.Failure? {
        if case .failure(let failure) = interpolation.render(value) { return failure }
        return nil
    }
}
