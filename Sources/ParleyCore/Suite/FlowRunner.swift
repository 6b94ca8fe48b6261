import ParleyModel

/// Runs one flow against one connector: the I/O half of the interpreter. It opens the session (a scope),
/// pulls events and performs actions as the interpreter commands, stamps everything with the
/// injected clock, and always closes the session and reports the flow, whatever happened.
public struct FlowRunner: Sendable {
    public var clock: any MonotonicClock

    /// Creates a runner.
    public init(clock: any MonotonicClock) {
        self.clock = clock
    }

    /// Runs `flow` as `run`; `suiteStart` is the clock reading the suite's event times count from.
    ///
    /// Kept short, with the conversation in `converse` and its waits in `perform` and `awaitEvent`:
    /// an async function's frame holds every local and temporary it has for as long as it runs, and
    /// thousands of flows wait at once, so the frames live while a flow waits must be small (issue 20).
    public func run(
        _ flow: Flow, as run: FlowRun, connector: any Connector, settings: FlowInterpreter.Settings, suiteStart: Duration = .zero,
        host: PluginHost, meaning: (any MeaningResolver)? = nil
    ) async -> FlowResult {
        let started = clock.now
        await publish(.flowStarted, run: run, suiteStart: suiteStart, host: host)
        let played: Played
        do {
            played = try await connector.withSession(SessionRequest(sessionID: run.id, flowName: run.name, clock: clock)) { session in
                await converse(flow, as: run, session: session, settings: settings, suiteStart: suiteStart, host: host, meaning: meaning)
            }
        } catch {
            return await unopened(flow, as: run, error: error, settings: settings, started: started, suiteStart: suiteStart, host: host)
        }
        return await finish(run, played, started: started, suiteStart: suiteStart, host: host)
    }

    /// What a conversation came to: its outcome, its steps and how many agent events it had.
    struct Played {
        var outcome: FlowOutcome
        var steps: [StepResult]
        var events: Int
    }

    /// The session could not be opened: interrupted, or the flow fails at its start with every step skipped.
    private func unopened(
        _ flow: Flow, as run: FlowRun, error: any Error, settings: FlowInterpreter.Settings, started: Duration, suiteStart: Duration,
        host: PluginHost
    ) async -> FlowResult {
        if error is CancellationError || Task.isCancelled {
            let played = Played(outcome: .skipped(reason: "interrupted"), steps: [], events: 0)
            return await finish(run, played, started: started, suiteStart: suiteStart, host: host)
        }
        var interpreter = FlowInterpreter(flow: flow, settings: settings, at: clock.now)
        let reason = ConnectorError("could not open a session with the agent: \(Self.describe(error))")
        let output = interpreter.transportFailed(reason, at: clock.now)
        for note in output.notes { await relay(note, run: run, suiteStart: suiteStart, host: host) }
        let outcome = interpreter.finalOutcome ?? .failed(StepFailure(message: reason.message, cause: .transport, location: flow.location))
        return await finish(run, Played(outcome: outcome, steps: interpreter.results, events: 0), started: started, suiteStart: suiteStart, host: host)
    }

    /// Plays the flow on the open session until the interpreter finishes or the run is interrupted.
    private func converse(
        _ flow: Flow, as run: FlowRun, session: any AgentSession, settings: FlowInterpreter.Settings, suiteStart: Duration, host: PluginHost,
        meaning: (any MeaningResolver)?
    ) async -> Played {
        var settings = settings
        settings.agentSpeaksFirst = session.agentSpeaksFirst
        var interpreter = FlowInterpreter(flow: flow, settings: settings, at: clock.now)
        // Only a flow whose matchers ask models is probed: the probe evaluates each input twice.
        let asker = MeaningUse.kinds(in: flow.steps).isEmpty ? nil : MeaningAsker(resolver: meaning ?? NoModels(), secrets: host.secrets)
        if asker != nil { interpreter.probe = MeaningProbe() }
        await asker?.settle(&interpreter) { _ = $0.start() }
        var output = interpreter.start()
        while true {
            for note in output.notes { await relay(note, run: run, suiteStart: suiteStart, host: host) }
            let next: InterpreterOutput?
            if Task.isCancelled {
                next = nil
            } else {
                switch output.command {
                case .finish(let outcome):
                    return Played(outcome: outcome, steps: interpreter.results, events: interpreter.eventCount)
                case .perform(let action):
                    next = await perform(action, on: session, interpreter: &interpreter, asker: asker)
                case .awaitEvent(let deadline):
                    next = await awaitEvent(before: deadline, on: session, interpreter: &interpreter, asker: asker)
                }
            }
            guard let next else {
                return Played(outcome: .skipped(reason: "interrupted"), steps: interpreter.results, events: interpreter.eventCount)
            }
            output = next
        }
    }

    /// Performs `action`; the interpreter's next output, or nil when the run was interrupted.
    private func perform(
        _ action: UserAction, on session: any AgentSession, interpreter: inout FlowInterpreter, asker: MeaningAsker?
    ) async -> InterpreterOutput? {
        do {
            try await session.perform(action)
        } catch is CancellationError {
            return nil
        } catch {
            return interpreter.transportFailed(ConnectorError(Self.describe(error)), at: clock.now)
        }
        let now = clock.now
        await asker?.settle(&interpreter) { _ = $0.actionPerformed(at: now) }
        return interpreter.actionPerformed(at: now)
    }

    /// Waits for the next event until `deadline`; the interpreter's next output, or nil when the run was interrupted.
    private func awaitEvent(
        before deadline: Duration, on session: any AgentSession, interpreter: inout FlowInterpreter, asker: MeaningAsker?
    ) async -> InterpreterOutput? {
        let event: AgentEvent?
        do {
            event = try await session.next(before: deadline)
        } catch is CancellationError {
            return nil
        } catch {
            return interpreter.transportFailed(ConnectorError(Self.describe(error)), at: clock.now)
        }
        let now = clock.now
        guard let event else {
            await asker?.settle(&interpreter) { _ = $0.deadlinePassed(at: now) }
            return interpreter.deadlinePassed(at: now)
        }
        await asker?.settle(&interpreter) { _ = $0.received(event, at: now) }
        return interpreter.received(event, at: now)
    }

    private func publish(_ kind: PluginEvent.Kind, run: FlowRun, suiteStart: Duration, host: PluginHost) async {
        await host.publish(PluginEvent(time: clock.now - suiteStart, flow: run, kind: kind))
    }

    private func relay(_ note: InterpreterNote, run: FlowRun, suiteStart: Duration, host: PluginHost) async {
        let kind: PluginEvent.Kind
        switch note {
        case .stepStarted(let info): kind = .stepStarted(info)
        case .stepFinished(let result): kind = .stepFinished(result)
        case .userAction(let action): kind = .userAction(action)
        case .agentEvent(let event, let offset): kind = .agentEvent(event, offset: offset)
        case .log(let text): kind = .log(text)
        case .secrets(let values):
            host.secrets.add(values)
            return
        }
        await publish(kind, run: run, suiteStart: suiteStart, host: host)
    }

    private func finish(_ run: FlowRun, _ played: Played, started: Duration, suiteStart: Duration, host: PluginHost) async -> FlowResult {
        // A pass on a whole-flow retry is flaky, never plain passed, in every report.
        let outcome = run.attempt > 1 && played.outcome == .passed ? .flaky : played.outcome
        let result = FlowResult(
            run: run, outcome: outcome, steps: played.steps, started: started - suiteStart, duration: clock.now - started,
            eventCount: played.events)
        await publish(.flowFinished(result), run: run, suiteStart: suiteStart, host: host)
        return result
    }

    /// A connector error's own message; anything else as Swift prints it.
    static func describe(_ error: any Error) -> String {
        (error as? ConnectorError)?.message ?? String(describing: error)
    }
}
