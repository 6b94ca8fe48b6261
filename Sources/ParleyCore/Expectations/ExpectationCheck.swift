import ParleyModel

/// Judges one `expect` against the current turn at a moment in time. Pure: the runner feeds it the
/// turn and the clock's reading, and acts on the verdict.
public struct ExpectationCheck: Sendable {
    /// What the check concluded.
    public enum Verdict: Hashable, Sendable {
        /// An event matched (the first match's index in the turn; nil for `count: 0`) and every latency bound held.
        case passed(index: Int?)
        /// Nothing matched yet; look again when an event arrives or at this offset.
        case waiting(until: Duration)
        /// It cannot pass any more; the message says what was expected and what came.
        case failed(String)
    }

    public var evaluator: MatcherEvaluator

    /// Creates a check.
    public init(evaluator: MatcherEvaluator) {
        self.evaluator = evaluator
    }

    /// The verdict for `expectation` over `turn` at `now`, waiting until the turn offset `timeout`;
    /// `within` is the wait as the flow wrote it, for the message (the step may start after the turn).
    /// `ended` is set once the turn is over and the step may stop waiting when it has settled
    /// (no explicit `within:`): a read of an ended turn fails then instead of waiting out its timeout.
    public func verdict(
        _ expectation: Expectation, in turn: Turn, now: Duration, timeout: Duration, within: Duration? = nil, ended: TurnEnd? = nil
    ) -> Verdict {
        var tally = PatternTally(expectation.pattern)
        tally.catchUp(with: turn, evaluator)
        return verdict(expectation, tally: tally, in: turn, now: now, timeout: timeout, within: within, ended: ended)
    }

    /// The same verdict from a tally of the pattern over `turn` that the caller keeps up to date as
    /// events arrive: what a waiting step calls on every event, so it costs the same however long the turn.
    public func verdict(
        _ expectation: Expectation, tally: PatternTally, in turn: Turn, now: Duration, timeout: Duration, within: Duration? = nil,
        ended: TurnEnd? = nil
    ) -> Verdict {
        let results = tally.results
        let giveUp = min(timeout, ended?.settledAt ?? timeout)
        if let count = expectation.count {
            return countVerdict(expectation, count, turn, tally, now: now, giveUp: giveUp, within: within ?? timeout, ended: ended)
        }
        if let index = tally.matches.first {
            if let broken = latencyFailure(expectation, turn) { return .failed(broken) }
            return .passed(index: index)
        }
        // Described only for a failure: a waiting step is judged on every event (issue 20).
        var expected: String { PatternDescription.describe(expectation.pattern) }
        // A turn that ended in a failed run brings nothing more: say why at once, with the agent's
        // own message, instead of waiting out the timeout.
        if turn.hasEnded, let failed = turn.lastRunError, case .runError(let message, let code) = turn.entries[failed].event {
            let coded = code.map { " (code \($0))" } ?? ""
            return .failed("expected \(expected), but the agent's run failed: run_error \"\(message)\"\(coded)")
        }
        if turn.hasEnded, let other = otherHandoffOutcome(expectation.pattern, turn) {
            return .failed("expected \(expected), but the handoff ended \(other)")
        }
        if now < giveUp { return .waiting(until: giveUp) }
        if let ended, giveUp < timeout {
            return .failed("expected \(expected), but the turn ended at \(ended.at.flowText) without one; \(arrived(expectation.pattern, turn, results))")
        }
        return .failed("expected \(expected) within \((within ?? timeout).flowText); \(arrived(expectation.pattern, turn, results))")
    }

    /// `count:`: decided as soon as more events cannot change it, else when the turn has settled or time is up.
    private func countVerdict(
        _ expectation: Expectation, _ count: Matcher, _ turn: Turn, _ tally: PatternTally, now: Duration, giveUp: Duration,
        within: Duration, ended: TurnEnd?
    ) -> Verdict {
        let matching = tally.matches
        let rule = CountRule(evaluator: evaluator)
        let holds = rule.holds(count, matching.count)
        guard now >= giveUp || rule.isFinal(count, at: matching.count) else { return .waiting(until: giveUp) }
        if holds {
            if let broken = latencyFailure(expectation, turn) { return .failed(broken) }
            return .passed(index: matching.first)
        }
        let expected = "\(PatternDescription.describe(expectation.pattern)) \(CountRule.describe(count)) times"
        let span: String
        if let ended {
            span = "in the turn (it ended at \(ended.at.flowText))"
        } else if now < giveUp {
            span = "in this turn"
        } else {
            span = "within \(within.flowText)"
        }
        guard !matching.isEmpty else { return .failed("expected \(expected) \(span); got none: \(arrived(expectation.pattern, turn, tally.results))") }
        let shown = matching.map { "\(PatternDescription.show(turn.entries[$0].event)) at \(turn.entries[$0].offset.flowText)" }
        return .failed("expected \(expected) \(span); got \(matching.count): \(shown.joined(separator: ", "))")
    }

    /// What did arrive, closest candidate first: `got reply "…" (no "shipped")`.
    func arrived(_ pattern: EventPattern, _ turn: Turn, _ results: [MatchResult]) -> String {
        let sameKind = turn.entries.indices.filter { turn.entries[$0].event.kinds.contains(pattern.kind) }
        guard !sameKind.isEmpty else {
            let kinds = turn.entries.compactMap { $0.event.kinds.first?.rawValue }
            return kinds.isEmpty ? "nothing arrived" : "got no \(pattern.kind.rawValue); got \(Self.summary(kinds))"
        }
        let ranked = sameKind.sorted { results[$0].score > results[$1].score }
        return "got " + ranked.prefix(3).map { index in
            let shown = PatternDescription.show(turn.entries[index].event)
            // The primary field goes without saying: `(no "shipped")`, not `(text: no "shipped")`.
            let prefix = pattern.kind.primaryField.map { "\($0): " } ?? "\u{0}"
            let why = results[index].reasons.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
                .joined(separator: "; ")
            return why.isEmpty ? shown : "\(shown) (\(why))"
        }.joined(separator: ", ")
    }

    /// `handoff: { outcome: … }` waits for the handoff's end: once the turn is over and its last
    /// terminal stage (joined, failed, timed out, client handoff required) is not an outcome the
    /// pattern accepts, that outcome is the answer, said at once: `failed (reason "no_agents")`.
    func otherHandoffOutcome(_ pattern: EventPattern, _ turn: Turn) -> String? {
        guard pattern.kind == .handoff, case .object(let fields)? = pattern.matcher?.kind,
            let outcome = fields.first(where: { $0.key == "outcome" })
        else { return nil }
        guard let position = turn.lastHandoffOutcome, case .handoff(let last) = turn.entries[position].event,
            !evaluator.evaluate(outcome.matcher, against: .string(last.stage.rawValue)).passed else { return nil }
        let details = [last.agentName.map { "agent \(JSONValue.quoted($0))" }, last.reason.map { "reason \(JSONValue.quoted($0))" }]
            .compactMap { $0 }
        return details.isEmpty ? last.stage.rawValue : "\(last.stage.rawValue) (\(details.joined(separator: ", ")))"
    }

    private func latencyFailure(_ expectation: Expectation, _ turn: Turn) -> String? {
        for check in expectation.latency {
            guard let measured = turn.latency(check.measure) else {
                return "expected \(check.measure.rawValue) latency to be measured, but it never happened"
            }
            let result = evaluator.evaluate(check.matcher, against: .number(measured.inSeconds))
            if !result.passed {
                return "\(check.measure.rawValue) latency \(measured.flowText) broke its bound (\(result.reasons.joined(separator: "; ")))"
            }
        }
        return nil
    }

    /// `run_started, text_delta ×12, reply`: kinds in order, repeats folded.
    static func summary(_ kinds: [String]) -> String {
        var parts: [(String, Int)] = []
        for kind in kinds {
            if parts.last?.0 == kind { parts[parts.count - 1].1 += 1 } else { parts.append((kind, 1)) }
        }
        return parts.map { $0.1 == 1 ? $0.0 : "\($0.0) ×\($0.1)" }.joined(separator: ", ")
    }
}
