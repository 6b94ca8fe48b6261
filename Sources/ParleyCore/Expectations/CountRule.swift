import ParleyModel

/// Reads `count:` matchers: whether more matching events could still change a verdict, so a count
/// that can only grow is decided as soon as it cannot change (`gte: 2` reached, `1` exceeded) and
/// otherwise when the turn is over.
struct CountRule {
    let evaluator: MatcherEvaluator

    /// Whether `matcher`'s verdict for `count` events holds for every larger count too.
    func isFinal(_ matcher: Matcher, at count: Int) -> Bool {
        let passed = holds(matcher, count)
        switch matcher.kind {
        case .compare(.gt, .number), .compare(.gte, .number): return passed
        case .compare(.lt, .number(let bound)), .compare(.lte, .number(let bound)): return !passed && Double(count) >= bound
        case .equals(.number(let bound)): return Double(count) > bound
        case .oneOf(let values):
            let bounds = values.compactMap { value -> Double? in if case .number(let n) = value { n } else { nil } }
            return bounds.count == values.count && bounds.allSatisfy { Double(count) > $0 }
        case .not(let inner): return isFinal(inner, at: count)
        case .all(let inner):
            return passed ? inner.allSatisfy { isFinal($0, at: count) } : inner.contains { !holds($0, count) && isFinal($0, at: count) }
        case .any(let inner):
            return passed ? inner.contains { holds($0, count) && isFinal($0, at: count) } : inner.allSatisfy { isFinal($0, at: count) }
        case .equals, .compare(_, .duration), .contains, .containsIgnoringCase, .matches, .startsWith, .object, .jsonPath, .exists, .similar, .judge:
            return false
        }
    }

    func holds(_ matcher: Matcher, _ count: Int) -> Bool {
        evaluator.evaluate(matcher, against: .number(Double(count))).passed
    }

    /// `exactly 1`, `at least 2`, `under 3`: the count in words.
    static func describe(_ matcher: Matcher) -> String {
        if case .equals(.number(let number)) = matcher.kind { return "exactly \(Int(exactly: number).map(String.init) ?? String(number))" }
        return PatternDescription.describe(matcher)
    }
}
