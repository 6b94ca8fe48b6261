import ParleyModel

extension FlowInterpreter {
    /// Starts one step: finishes it at once, opens a block, or leaves it pending.
    mutating func begin(_ step: Step, at now: Duration) {
        let info = StepInfo(summary: StepSummary.describe(step.kind), location: step.location, depth: frames.count - 1)
        notes.append(.stepStarted(info))
        noteSecrets(Set(StepSecrets.names(in: step.kind).compactMap { settings.environment(.secret($0)) }.filter { !$0.isEmpty }))
        func wait(_ wait: PendingStep.Wait) { pending = PendingStep(step: step, info: info, started: now, wait: wait) }
        // A value that cannot be rendered fails at its reference (`${secret.TOKEN}`), named once.
        func failHere(_ message: String, _ cause: RetryCause = .mismatch, at place: SourceLocation? = nil) {
            let failure = StepFailure(message: message, cause: cause, location: place ?? step.location)
            record(info, .failed(failure), started: now, at: now)
            fail(failure, at: now)
        }

        switch step.kind {
        case .expect(let expectation):
            let within = timeout(expectation.within)
            wait(.expectation(expectation, deadline: now + within, within: within))
        case .expectNo(let absence):
            wait(.absence(absence, deadline: now + (absence.window ?? timeout(nil)), windowed: absence.window != nil))
        case .expectSequence(let sequence):
            let within = timeout(sequence.within)
            wait(.sequence(sequence, deadline: now + within, within: within))
        case .send(let send) where !send.waitForTurn:
            wait(.turnEnd(deadline: now, within: .zero))
            perform(at: now)
            return
        case .typing:
            // A typing indicator goes out at once, even while the agent talks.
            wait(.turnEnd(deadline: now, within: .zero))
            perform(at: now)
            return
        case .send, .tap, .fill, .click, .schedule, .respondTool, .resume, .end:
            let within = timeout(nil)
            wait(.turnEnd(deadline: now + within, within: within))
        case .wait(let duration):
            wait(.pause(until: now + duration))
        case .set(let assignments):
            for assignment in assignments {
                switch interpolation.render(assignment.value) {
                case .success(let (value, secrets)):
                    variables[assignment.name] = value
                    noteSecrets(secrets)
                case .failure(let failure): return failHere(failure.message, at: failure.location)
                }
            }
            record(info, .passed, started: now, at: now)
        case .capture(let captures):
            wait(.capture(captures))
        case .log(let template):
            switch interpolation.render(template) {
            case .success(let rendered):
                noteSecrets(rendered.secrets)
                notes.append(.log(rendered.text))
                record(info, .passed, started: now, at: now)
            case .failure(let failure): failHere(failure.message, at: failure.location)
            }
        case .conditional(let conditional):
            wait(.condition(conditional.condition, deadline: now + timeout(nil), use: .branch(conditional)))
        case .loop(let loop):
            switch loop.bound {
            case .times(let times) where times <= 0: record(info, .passed, started: now, at: now)
            case .until(let condition, _): wait(.condition(condition, deadline: now + timeout(nil), use: .loopStart(loop)))
            case .times: open(loop.steps, info: info, role: .loop(loop, round: 1), started: now)
            }
        case .include(let include):
            if let failure = bind(include) { return failHere(failure.message, at: failure.location) }
            open(include.steps, info: info, role: .once, started: now)
        case .retry(let retry):
            open(retry.steps, info: info, role: .retry(retry, attempt: 1), started: now)
        }
        // What already arrived in this turn may settle the step at once.
        if pending != nil { judgePending(at: now) }
    }

    mutating func open(_ steps: [Step], info: StepInfo, role: Frame.Role, started: Duration) {
        frames.append(Frame(steps: steps, owner: Frame.Owner(info: info, started: started, role: role)))
    }

    /// `include` parameters: `with:` values always, the sub-flow's own `vars:` only where unset.
    private mutating func bind(_ include: Include) -> Interpolation.Failure? {
        let given = Set(include.parameters.map(\.name))
        for assignment in include.parameters + include.defaults.filter({ !given.contains($0.name) }) {
            let isDefault = !given.contains(assignment.name) || !include.parameters.contains(assignment)
            if isDefault && variables[assignment.name] != nil { continue }
            switch interpolation.render(assignment.value) {
            case .success(let (value, secrets)):
                variables[assignment.name] = value
                noteSecrets(secrets)
            case .failure(let failure): return failure
            }
        }
        return nil
    }

    /// A block ran out of steps: repeat it, or finish its owner.
    mutating func closeFrame(at now: Duration) {
        let frame = frames.removeLast()
        guard let owner = frame.owner else { return }
        switch owner.role {
        case .once:
            record(owner.info, frame.sawFlaky ? .flaky(attempts: 2) : .passed, started: owner.started, at: now)
        case .loop(let loop, let round):
            switch loop.bound {
            case .times(let times) where round < times:
                var next = frame
                next.index = 0
                next.owner?.role = .loop(loop, round: round + 1)
                frames.append(next)
            case .times:
                record(owner.info, frame.sawFlaky ? .flaky(attempts: 2) : .passed, started: owner.started, at: now)
            case .until(let condition, _):
                // The round is over; whether another runs waits on the condition (a `received` on the turn).
                let step = Step(.loop(loop), at: owner.info.location)
                pending = PendingStep(
                    step: step, info: owner.info, started: now,
                    wait: .condition(condition, deadline: now + timeout(nil), use: .loopRound(frame)))
                judgePending(at: now)
            }
        case .retry(_, let attempt):
            let outcome: StepOutcome = attempt > 1 ? .flaky(attempts: attempt) : (frame.sawFlaky ? .flaky(attempts: 2) : .passed)
            record(owner.info, outcome, started: owner.started, at: now)
        }
    }

    /// A step failed: retry the innermost `retry` block that covers this cause, or fail the flow.
    mutating func fail(_ failure: StepFailure, at now: Duration) {
        guard
            let index = frames.lastIndex(where: { frame in
                guard case .retry(let retry, let attempt) = frame.owner?.role else { return false }
                return retry.on.contains(failure.cause) && attempt < retry.attempts && failure.cause != .transport
            }),
            let owner = frames[index].owner, case .retry(let retry, let attempt) = owner.role
        else { return finishFailed(failure, at: now) }
        frames.removeSubrange((index + 1)...)
        frames[index].index = 0
        frames[index].owner?.role = .retry(retry, attempt: attempt + 1)
        notes.append(.log("retry: attempt \(attempt + 1) of \(retry.attempts) after \(failure.rendered)"))
        if let delay = retry.delay, delay > .zero {
            let info = StepInfo(summary: "retry delay \(delay.flowText)", location: owner.info.location, depth: owner.info.depth + 1)
            let step = Step(.wait(delay), at: owner.info.location)
            pending = PendingStep(step: step, info: info, started: now, wait: .pause(until: now + delay))
        }
    }

    /// The flow is over: the steps not reached are skipped.
    mutating func finishFailed(_ failure: StepFailure, at now: Duration) {
        for frame in frames.reversed() {
            skip(frame.steps[min(frame.index, frame.steps.count)...], depth: frame.depth, at: now)
            if let owner = frame.owner { record(owner.info, .failed(failure), started: owner.started, at: now) }
        }
        frames = []
        outcome = .failed(failure)
    }

    /// Records steps that will not run (a branch not taken, or after a failure) as skipped.
    mutating func skip(_ steps: some Collection<Step>, depth: Int, at now: Duration) {
        for step in steps {
            let info = StepInfo(summary: StepSummary.describe(step.kind), location: step.location, depth: depth)
            record(info, .skipped, started: now, at: now)
        }
    }
}
