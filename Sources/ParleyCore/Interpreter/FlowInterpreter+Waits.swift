import ParleyModel

extension FlowInterpreter {
    /// Looks at the pending step again: pass it, fail it, act, or keep waiting.
    mutating func judgePending(at now: Duration) {
        guard let current = pending else { return }
        let turn = conversation.turn
        let turnNow = now - conversation.turnStart
        switch current.wait {
        case .expectation(let expectation, let deadline, let within):
            let check = ExpectationCheck(evaluator: evaluator)
            switch check.verdict(expectation, in: turn, now: turnNow, timeout: deadline - conversation.turnStart, within: within) {
            case .passed: settle(current, at: now)
            case .waiting: return
            case .failed(let message): settle(current, failing: message, cause: now >= deadline ? .timeout : .mismatch, at: now)
            }
        case .absence(let absence, let deadline, let windowed):
            let evaluator = evaluator
            if let hit = turn.entries.first(where: { evaluator.evaluate(absence.pattern, against: $0.event).passed }) {
                let span = windowed ? "for \((deadline - current.started).flowText)" : "in this turn"
                let message = "expected no \(PatternDescription.describe(absence.pattern)) \(span); "
                    + "got \(PatternDescription.show(hit.event)) at \(hit.offset.flowText)"
                settle(current, failing: message, cause: .mismatch, at: now)
            } else if now >= deadline || (!windowed && turn.hasEnded) {
                settle(current, at: now)
            }
        case .sequence(let sequence, let deadline, let within):
            let check = SequenceCheck(evaluator: evaluator)
            if let message = check.failure(sequence, in: turn, within: within) {
                if now >= deadline { settle(current, failing: message, cause: .timeout, at: now) }
            } else {
                settle(current, at: now)
            }
        case .pause(let until):
            if now >= until { settle(current, at: now) }
        case .turnEnd(let deadline, let within):
            if conversation.isTurnOver(at: now) {
                perform(at: now)
            } else if now >= deadline {
                let last = turn.entries.last.map { "; the last event was \(PatternDescription.show($0.event)) at \($0.offset.flowText)" } ?? ""
                let message = "the agent was still busy after \(within.flowText) (its turn had not ended), so the step did not act\(last)"
                settle(current, failing: message, cause: .timeout, at: now)
            }
        case .performing:
            return
        }
    }

    /// The pending step passed.
    mutating func settle(_ current: PendingStep, at now: Duration) {
        pending = nil
        pass(current, at: now)
    }

    /// The pending step failed.
    mutating func settle(_ current: PendingStep, failing message: String, cause: RetryCause, at now: Duration) {
        pending = nil
        let failure = StepFailure(message: message, cause: cause, location: current.step.location, waited: now - current.started)
        record(current.info, .failed(failure), started: current.started, at: now)
        fail(failure, at: now)
    }
}
