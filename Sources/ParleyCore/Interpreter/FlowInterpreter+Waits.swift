import ParleyModel

extension FlowInterpreter {
    /// Looks at the pending step again: pass it, fail it, act, or keep waiting.
    mutating func judgePending(at now: Duration) {
        guard let wait = pending?.wait else { return }
        if pending?.templatesChecked == false {
            if let broken = TemplateCheck(interpolation: interpolation).failure(in: wait), let current = pending {
                return settle(current, failing: broken.message, cause: .mismatch, location: broken.location, at: now)
            }
            pending?.templatesChecked = true
        }
        // Only the events that arrived since the last look are judged. In place, before any copy
        // of the pending step is taken, so the tallies are extended rather than copied.
        let (interpolation, evaluator) = (interpolation, evaluator)
        pending?.progress.catchUp(wait, conversation, interpolation, evaluator)
        guard let current = pending else { return }
        let progress = current.progress
        let turn = conversation.turn
        let turnNow = now - conversation.turnStart
        switch current.wait {
        case .expectation(let expectation, let deadline, let within):
            let check = ExpectationCheck(evaluator: evaluator)
            let ended = expectation.within == nil ? turnEnd : nil
            let tally = progress.tally(expectation.pattern)
            switch check.verdict(
                expectation, tally: tally, in: turn, now: turnNow, timeout: deadline - conversation.turnStart, within: within, ended: ended)
            {
            case .passed: settle(current, at: now)
            case .waiting: return
            case .failed(let message): settle(current, failing: message, cause: now >= deadline ? .timeout : .mismatch, at: now)
            }
        case .absence(let absence, let deadline, let windowed):
            if let hit = progress.tally(absence.pattern).matches.first.map({ turn.entries[$0] }) {
                let span = windowed ? "for \((deadline - current.started).flowText)" : "in this turn"
                let message = "expected no \(PatternDescription.describe(absence.pattern)) \(span); "
                    + "got \(PatternDescription.show(hit.event)) at \(hit.offset.flowText)"
                settle(current, failing: message, cause: .mismatch, at: now)
            } else if now >= deadline || (!windowed && settledAt.map { now >= $0 } == true) {
                // Without a window, the turn's end plus the settle period: an event trailing the end still counts.
                settle(current, at: now)
            }
        case .sequence(let sequence, let deadline, let within):
            let check = SequenceCheck(evaluator: evaluator)
            if check.isComplete(sequence, progress) { return settle(current, at: now) }
            // Incomplete: it fails at its deadline, or without `within:` once the ended turn settled.
            let span: String
            let cause: RetryCause
            if now >= deadline {
                (span, cause) = ("within \(within.flowText)", .timeout)
            } else if sequence.within == nil, let ended = turnEnd, turnNow >= ended.settledAt {
                (span, cause) = ("before the turn ended at \(ended.at.flowText)", .mismatch)
            } else {
                return
            }
            guard let message = check.failure(sequence, in: turn, span: span) else { return settle(current, at: now) }
            settle(current, failing: message, cause: cause, at: now)
        case .capture(let captures):
            judgeCaptures(current, captures, at: now)
        case .condition(let condition, let deadline, let use):
            switch judge(condition, progress, at: now) {
            case .holds: decide(current, true, use: use, at: now)
            case .fails: decide(current, false, use: use, at: now)
            case .open:
                if now >= deadline { settle(current, failing: undecided(condition, waited: now - current.started), cause: .timeout, at: now) }
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

    /// The turn's end, as offsets in the turn, once the connector said `turn_ended`: reads without
    /// `within:` stop waiting when it has settled.
    var turnEnd: TurnEnd? {
        guard let ended = conversation.turnEndedAt, let settled = settledAt else { return nil }
        return TurnEnd(at: ended - conversation.turnStart, settledAt: settled - conversation.turnStart)
    }

    /// The clock reading at which an ended turn has settled (nil while the connector has not said `turn_ended`).
    var settledAt: Duration? {
        conversation.settledAt(settings.settle, openingEnds: false)
    }

    /// Captures read the current turn: each waits for its event, up to its `within` (or, without one,
    /// until the turn has ended and settled); all found, the variables are set together. Every
    /// missing capture is held to its own limit, so a found one never hides another's.
    private mutating func judgeCaptures(_ current: PendingStep, _ captures: [Capture], at now: Duration) {
        let captor = Captor(interpolation: interpolation)
        var values: [(String, JSONValue)] = []
        var missing = false
        for (index, capture) in captures.enumerated() {
            let tally = current.progress.capture(index)
            switch Captor.read(tally) {
            case .found(let value): values.append((capture.name, value))
            case .broken(let message, let location): return settle(current, failing: message, cause: .mismatch, location: location, at: now)
            case .missing:
                missing = true
                // The reason is spelled out only when the wait is over.
                let deadline = current.started + timeout(capture.within)
                if now >= deadline {
                    let message = captor.missing(capture, tally, in: conversation.turn)
                    return settle(current, failing: "\(message) within \(timeout(capture.within).flowText)", cause: .timeout, at: now)
                }
                if capture.within == nil, let settled = settledAt, now >= settled, let ended = turnEnd {
                    let message = captor.missing(capture, tally, in: conversation.turn)
                    return settle(current, failing: "\(message); the turn ended at \(ended.at.flowText)", cause: .mismatch, at: now)
                }
            }
        }
        guard !missing else { return }
        for (name, value) in values { variables[name] = value }
        settle(current, at: now)
    }

    /// When a capture still missing gives up: its `within`, or without one the settled turn.
    private func giveUp(_ capture: Capture, started: Duration) -> Duration {
        let deadline = started + timeout(capture.within)
        return capture.within == nil ? min(deadline, settledAt ?? deadline) : deadline
    }

    /// When the pending step must be looked at again if no event comes first.
    func wakeTime(for current: PendingStep) -> Duration? {
        switch current.wait {
        case .expectation(let expectation, let deadline, _):
            return expectation.within == nil ? min(deadline, settledAt ?? deadline) : deadline
        case .absence(_, let deadline, let windowed):
            return windowed ? deadline : min(deadline, settledAt ?? deadline)
        case .pause(let deadline):
            return deadline
        case .sequence(let sequence, let deadline, _):
            return sequence.within == nil ? min(deadline, settledAt ?? deadline) : deadline
        case .capture(let captures):
            // Only the captures still missing can decide the step; a found one's limit is no reason to wake.
            let missing = captures.indices.filter { if case .missing = Captor.read(current.progress.capture($0)) { true } else { false } }
            return missing.map { giveUp(captures[$0], started: current.started) }.min() ?? current.started
        case .condition(_, let deadline, _):
            return min(deadline, conversation.settledAt(settings.settle, openingEnds: true) ?? deadline)
        case .turnEnd(let deadline, _):
            // Silence may end a turn before the deadline, so look again when it would.
            guard let quiet = conversation.quietDeadline else { return deadline }
            return min(deadline, max(quiet, current.started))
        case .performing:
            return nil
        }
    }

    /// The pending step passed.
    mutating func settle(_ current: PendingStep, at now: Duration) {
        pending = nil
        pass(current, at: now)
    }

    /// The pending step failed; at `location` when that is not the step itself (a reference).
    mutating func settle(_ current: PendingStep, failing ownMessage: String, cause: RetryCause, location: SourceLocation? = nil, at now: Duration) {
        pending = nil
        // A step that waited in vain while the connection was down failed for that reason.
        let message: String
        switch cause == .timeout ? conversation.connectionTrouble : nil {
        case nil: message = ownMessage
        case (let reason, false)?: message = "the connection to the agent failed: \(reason)"
        case (let reason, true)?: message = "\(ownMessage); the connection failed (\(reason)) and opened again, but the agent sent nothing since"
        }
        let failure = StepFailure(message: message, cause: cause, location: location ?? current.step.location, waited: now - current.started)
        record(current.info, .failed(failure), started: current.started, at: now)
        fail(failure, at: now)
    }
}
