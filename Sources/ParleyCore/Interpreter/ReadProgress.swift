import ParleyModel

/// What a waiting step's reads have judged of the current turn, kept between events so that each
/// event is judged once per pattern as it arrives: a long turn costs work in proportion to its
/// events, not their square. Belongs to one pending step; a new turn starts it afresh.
struct ReadProgress: Sendable {
    /// The turn the tallies belong to (`Conversation.turnNumber`).
    private var turnNumber: Int?
    /// Found by comparing patterns, not hashing them: a wait reads a few patterns, and hashing
    /// each one's whole matcher on every event cost more than the judging (issue 20).
    private var patterns: [PatternTally] = []
    /// By the capture's position in its step.
    private var captures: [Int: Captor.Tally] = [:]

    /// Judges the events that arrived since the last call, for every pattern `wait` reads.
    mutating func catchUp(_ wait: PendingStep.Wait, _ conversation: Conversation, _ interpolation: Interpolation, _ evaluator: MatcherEvaluator) {
        if turnNumber != conversation.turnNumber { self = ReadProgress(turnNumber: conversation.turnNumber) }
        let turn = conversation.turn
        func tally(_ pattern: EventPattern) {
            if let index = index(of: pattern) {
                patterns[index].catchUp(with: turn, evaluator)
            } else {
                var tally = PatternTally(pattern)
                tally.catchUp(with: turn, evaluator)
                patterns.append(tally)
            }
        }
        switch wait {
        case .expectation(let expectation, _, _): tally(expectation.pattern)
        case .absence(let absence, _, _): tally(absence.pattern)
        case .sequence(let sequence, _, _):
            for pattern in sequence.patterns { tally(pattern) }
        case .condition(let condition, _, _):
            for pattern in Self.received(in: condition) { tally(pattern) }
        case .capture(let reads):
            let captor = Captor(interpolation: interpolation)
            for (index, capture) in reads.enumerated() { captor.catchUp(&captures[index, default: Captor.Tally()], capture, turn, counter: evaluator.counter) }
        case .pause, .turnEnd, .performing: break
        }
    }

    /// The tally of `pattern`, as of the last `catchUp`.
    func tally(_ pattern: EventPattern) -> PatternTally {
        index(of: pattern).map { patterns[$0] } ?? PatternTally(pattern)
    }

    /// Where `pattern`'s tally is. Patterns written apart differ in line or column, so a long
    /// `expect_sequence` compares two numbers per other pattern, not two matchers.
    private func index(of pattern: EventPattern) -> Int? {
        let (line, column) = (pattern.location.line, pattern.location.column)
        return patterns.firstIndex { $0.pattern.location.line == line && $0.pattern.location.column == column && $0.pattern == pattern }
    }

    /// The tally of the capture at `index` in its step, as of the last `catchUp`.
    func capture(_ index: Int) -> Captor.Tally {
        captures[index] ?? Captor.Tally()
    }

    /// The patterns a condition's `received` parts wait for.
    static func received(in condition: Condition) -> [EventPattern] {
        switch condition {
        case .variable: return []
        case .received(let pattern): return [pattern]
        case .all(let inner), .any(let inner): return inner.flatMap(received(in:))
        case .not(let inner): return received(in: inner)
        }
    }
}

extension ReadProgress {
    init(turnNumber: Int) {
        self.init()
        self.turnNumber = turnNumber
    }
}
