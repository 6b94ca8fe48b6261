import ParleyModel

/// Evaluates matchers against JSON values, rendering `${…}` in them with the flow's variables.
public struct MatcherEvaluator: Sendable {
    /// Renders templates inside matchers.
    public var interpolation: Interpolation
    /// Counts the events matched against patterns, when a test asks.
    public var counter: EvaluationCounter?
    /// The models' answers to `similar` and `judge` questions, learned before the input was handled.
    public var meaning: [MeaningQuestion: MeaningAnswer]
    /// Notes the questions without an answer, and the checks made.
    public var probe: MeaningProbe?

    /// Creates an evaluator.
    public init(
        interpolation: Interpolation, counter: EvaluationCounter? = nil, meaning: [MeaningQuestion: MeaningAnswer] = [:],
        probe: MeaningProbe? = nil
    ) {
        self.interpolation = interpolation
        self.counter = counter
        self.meaning = meaning
        self.probe = probe
    }

    /// Matches an event against a pattern: the kind must be one the event answers to, then its fields.
    public func evaluate(_ pattern: EventPattern, against event: AgentEvent) -> MatchResult {
        counter?.add()
        guard event.kinds.contains(pattern.kind) else { return .fail("not a \(pattern.kind.rawValue)") }
        guard let matcher = pattern.matcher else { return .pass }
        return evaluate(matcher, against: event.fields)
    }

    /// Matches `value` (nil when absent) against `matcher`.
    public func evaluate(_ matcher: Matcher, against value: JSONValue?) -> MatchResult {
        switch matcher.kind {
        case .equals(let expected):
            return rendered(expected) { expected in
                Self.equal(value, expected) ? .pass : .fail("expected \(Self.show(expected)), got \(Self.show(value))")
            }
        case .contains(let template):
            return renderedText(template) { needle in
                Self.contains(value, needle, ignoringCase: false) ? .pass : .fail("no \(Self.quote(needle))")
            }
        case .containsIgnoringCase(let template):
            return renderedText(template) { needle in
                Self.contains(value, needle, ignoringCase: true) ? .pass : .fail("no \(Self.quote(needle)) in any case")
            }
        case .startsWith(let template):
            return renderedText(template) { prefix in
                Self.text(value)?.hasPrefix(prefix) == true ? .pass : .fail("does not start with \(Self.quote(prefix))")
            }
        case .matches(let template):
            return renderedText(template) { pattern in
                guard let regex = try? Regex(pattern) else { return .fail("invalid regular expression \(Self.quote(pattern))") }
                guard let subject = Self.text(value) else { return .fail("no text to match /\(pattern)/") }
                return subject.contains(regex) ? .pass : .fail("does not match /\(pattern)/")
            }
        case .oneOf(let options):
            var shown: [String] = []
            for option in options {
                guard case .success(let (expected, _)) = interpolation.render(option) else { continue }
                if Self.equal(value, expected) { return .pass }
                shown.append(Self.show(expected))
            }
            return .fail("\(Self.show(value)) is not one of \(shown.joined(separator: ", "))")
        case .not(let inner):
            return evaluate(inner, against: value).passed ? .fail("matched what it must not") : .pass
        case .all(let inner):
            return .all(inner.map { evaluate($0, against: value) })
        case .any(let inner):
            let results = inner.map { evaluate($0, against: value) }
            if results.contains(where: \.passed) { return .pass }
            let best = results.max { $0.score < $1.score }
            return MatchResult(passed: false, score: best?.score ?? 0, reasons: [results.flatMap(\.reasons).joined(separator: " and ")])
        case .compare(let comparison, let bound):
            return compare(value, comparison, bound)
        case .object(let fields):
            guard case .object = value else { return .fail("expected an object, got \(Self.show(value))") }
            return .all(fields.map { field in
                let result = evaluate(field.matcher, against: value?[field.key])
                return MatchResult(passed: result.passed, score: result.score, reasons: result.reasons.map { "\(field.key): \($0)" })
            })
        case .jsonPath(let path, let inner):
            guard let value, let found = JSONPath(path)?.select(in: value) else { return .fail("bad JSON path \(path)") }
            if found.isEmpty { return evaluate(inner, against: nil) }
            let results = found.map { evaluate(inner, against: $0) }
            return results.first(where: \.passed) ?? results.max { $0.score < $1.score }!
        case .exists(let expected):
            let present = value != nil && value != .null
            return present == expected ? .pass : .fail(expected ? "missing" : "present: \(Self.show(value))")
        case .similar(let similarity):
            return similar(value, similarity)
        case .judge(let rubric):
            return judge(value, rubric)
        }
    }

    private func rendered(_ template: ValueTemplate, _ body: (JSONValue) -> MatchResult) -> MatchResult {
        switch interpolation.render(template) {
        case .success(let (value, _)): return body(value)
        case .failure(let failure): return .fail(failure.description)
        }
    }

    func renderedText(_ template: Template, _ body: (String) -> MatchResult) -> MatchResult {
        switch interpolation.render(template) {
        case .success(let rendered): return body(rendered.text)
        case .failure(let failure): return .fail(failure.description)
        }
    }

    private func compare(_ value: JSONValue?, _ comparison: Matcher.Comparison, _ bound: Matcher.Bound) -> MatchResult {
        let limit: Double
        let shownLimit: String
        switch bound {
        case .number(let number):
            limit = number
            shownLimit = Self.show(.number(number))
        case .duration(let duration):
            limit = duration.inSeconds
            shownLimit = "\(Self.show(.number(limit)))s"
        }
        // A duration literal in the event (`"40s"`) compares as its seconds, like the bound does.
        guard let value, let actual = Self.durationSeconds(value) else {
            return .fail("expected a number, got \(Self.show(value))")
        }
        let held: Bool
        switch comparison {
        case .lt: held = actual < limit
        case .lte: held = actual <= limit
        case .gt: held = actual > limit
        case .gte: held = actual >= limit
        }
        return held ? .pass : .fail("\(Self.show(.number(actual))) is not \(comparison.rawValue) \(shownLimit)")
    }
}
