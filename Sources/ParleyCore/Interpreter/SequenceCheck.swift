import ParleyModel

/// Judges `expect_sequence`: the patterns must match events of the turn in order, other events between them allowed.
struct SequenceCheck: Sendable {
    var evaluator: MatcherEvaluator

    /// Whether every pattern matched in order, from tallies kept as events arrive: each pattern's
    /// first match after the previous one's, found by halving, so the cost does not grow with the turn.
    func isComplete(_ sequence: EventSequence, _ progress: ReadProgress) -> Bool {
        var position = 0
        for pattern in sequence.patterns {
            guard let index = progress.tally(pattern).firstMatch(from: position) else { return false }
            position = index + 1
        }
        return true
    }

    /// Nil when the sequence is complete; otherwise what is missing (`span`: "within 5s"), and what did arrive.
    func failure(_ sequence: EventSequence, in turn: Turn, span: String) -> String? {
        var position = 0
        var matched: [String] = []
        for pattern in sequence.patterns {
            let rest = turn.entries.indices.dropFirst(position)
            guard let index = rest.first(where: { evaluator.evaluate(pattern, against: turn.entries[$0].event).passed }) else {
                let after = matched.last.map { " after \($0)" } ?? ""
                let tail = Turn(entries: Array(turn.entries[position...]))
                let results = tail.entries.map { evaluator.evaluate(pattern, against: $0.event) }
                var got = ExpectationCheck(evaluator: evaluator).arrived(pattern, tail, results)
                // Out of order: the event came, but before the step it must follow.
                if let previous = matched.last,
                    let early = turn.entries[..<position].first(where: { evaluator.evaluate(pattern, against: $0.event).passed })
                {
                    got = "got \(PatternDescription.show(early.event)) at \(early.offset.flowText), before \(previous)"
                }
                return "expected sequence step \(matched.count + 1) of \(sequence.patterns.count), "
                    + "\(PatternDescription.describe(pattern))\(after) \(span); \(got)"
            }
            matched.append(PatternDescription.describe(pattern))
            position = index + 1
        }
        return nil
    }
}
