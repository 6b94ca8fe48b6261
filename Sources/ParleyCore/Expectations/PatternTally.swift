import ParleyModel

/// One pattern's results over a turn, extended as events arrive: each event is matched once, so a
/// read that waits through a long turn costs work in proportion to its events, not their square.
public struct PatternTally: Sendable {
    /// The pattern matched.
    public let pattern: EventPattern
    /// The result for each event of the turn judged so far, in arrival order.
    public private(set) var results: [MatchResult] = []
    /// The positions of the events that matched, in arrival order.
    public private(set) var matches: [Int] = []

    /// A tally that has judged nothing yet.
    public init(_ pattern: EventPattern) {
        self.pattern = pattern
    }

    /// Judges the events of `turn` that arrived since the last call.
    public mutating func catchUp(with turn: Turn, _ evaluator: MatcherEvaluator) {
        while results.count < turn.entries.count {
            let result = evaluator.evaluate(pattern, against: turn.entries[results.count].event)
            if result.passed { matches.append(results.count) }
            results.append(result)
        }
    }

    /// The first match at or after `position`.
    func firstMatch(from position: Int) -> Int? {
        // `matches` is sorted: find the first at or after `position` by halving.
        var low = 0
        var high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < matches.count ? matches[low] : nil
    }
}
