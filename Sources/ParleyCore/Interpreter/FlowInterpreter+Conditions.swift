import ParleyModel

extension FlowInterpreter {
    /// A condition's value now. `received` holds as soon as a matching event of the current turn
    /// arrives, and fails once the turn has ended and settled without one; until then it is open.
    /// `progress` holds what the step has judged of the turn (`received` reads its tallies).
    func judge(_ condition: Condition, _ progress: ReadProgress, at now: Duration) -> Truth {
        switch condition {
        case .variable(let name, let matcher):
            return evaluator.evaluate(matcher, against: variables[name.value]).passed ? .holds : .fails
        case .received(let pattern):
            if !progress.tally(pattern).matches.isEmpty { return .holds }
            guard let settled = conversation.settledAt(settings.settle, openingEnds: true) else { return .open }
            return now >= settled ? .fails : .open
        case .all(let conditions):
            let values = conditions.map { judge($0, progress, at: now) }
            if values.contains(.fails) { return .fails }
            return values.allSatisfy { $0 == .holds } ? .holds : .open
        case .any(let conditions):
            let values = conditions.map { judge($0, progress, at: now) }
            if values.contains(.holds) { return .holds }
            return values.allSatisfy { $0 == .fails } ? .fails : .open
        case .not(let inner):
            switch judge(inner, progress, at: now) {
            case .holds: return .fails
            case .fails: return .holds
            case .open: return .open
            }
        }
    }

    /// The pending condition was decided: run the branch, skip or start the loop, or go round again.
    mutating func decide(_ current: PendingStep, _ holds: Bool, use: ConditionUse, at now: Duration) {
        pending = nil
        let depth = current.info.depth + 1
        switch use {
        case .branch(let conditional):
            skip(holds ? conditional.otherwise : conditional.then, depth: depth, at: now)
            open(holds ? conditional.then : conditional.otherwise, info: current.info, role: .once, started: current.started)
        case .loopStart(let loop):
            if holds {
                skip(loop.steps, depth: depth, at: now)
                record(current.info, .passed, started: current.started, at: now)
            } else {
                open(loop.steps, info: current.info, role: .loop(loop, round: 1), started: current.started)
            }
        case .loopRound(let frame):
            guard let owner = frame.owner, case .loop(let loop, let round) = owner.role, case .until(_, let max) = loop.bound else {
                return
            }
            if holds {
                record(owner.info, frame.sawFlaky ? .flaky(attempts: 2) : .passed, started: owner.started, at: now)
            } else if round >= max {
                let failure = StepFailure(
                    message: "repeat: the condition still did not hold after \(max) rounds", cause: .mismatch,
                    location: owner.info.location, waited: now - owner.started)
                record(owner.info, .failed(failure), started: owner.started, at: now)
                fail(failure, at: now)
            } else {
                var next = frame
                next.index = 0
                next.owner?.role = .loop(loop, round: round + 1)
                frames.append(next)
            }
        }
    }

    /// The message for a condition the turn never decided: the agent was still busy at the deadline.
    func undecided(_ condition: Condition, waited: Duration) -> String {
        let last = conversation.turn.entries.last.map { "; the last event was \(PatternDescription.show($0.event)) at \($0.offset.flowText)" } ?? ""
        return "the condition \(Self.describe(condition)) could not be decided: the agent's turn had not ended after \(waited.flowText)\(last)"
    }

    static func describe(_ condition: Condition) -> String {
        switch condition {
        case .variable(let name, let matcher): return "${\(name.value)} is \(PatternDescription.describe(matcher))"
        case .received(let pattern): return "received \(PatternDescription.describe(pattern))"
        case .all(let inner): return "(" + inner.map(describe).joined(separator: " and ") + ")"
        case .any(let inner): return "(" + inner.map(describe).joined(separator: " or ") + ")"
        case .not(let inner): return "not \(describe(inner))"
        }
    }
}
