import ParleyModel

/// Runs one flow against one connector: the I/O half of the interpreter. It opens the session,
/// pulls events and performs actions as the interpreter commands, stamps everything with the
/// injected clock, and always closes the session and reports the flow, whatever happened.
public struct FlowRunner: Sendable {
    public var clock: any MonotonicClock

    /// Creates a runner.
    public init(clock: any MonotonicClock) {
        self.clock = clock
    }

    /// Runs `flow` as `run`; `suiteStart` is the clock reading the suite's event times count from.
    public func run(
        _ flow: Flow, as run: FlowRun, connector: any Connector, settings: FlowInterpreter.Settings, suiteStart: Duration = .zero,
        host: PluginHost, meaning: (any MeaningResolver)? = nil
    ) async -> FlowResult {
        let started = clock.now
        func publish(_ kind: PluginEvent.Kind) async {
            await host.publish(PluginEvent(time: clock.now - suiteStart, flow: run, kind: kind))
        }
        await publish(.flowStarted)

        let session: any AgentSession
        do {
            session = try await connector.openSession(SessionRequest(sessionID: run.id, flowName: run.name, clock: clock))
        } catch {
            if error is CancellationError || Task.isCancelled {
                return await finish(
                    run, .skipped(reason: "interrupted"), [], started: started, suiteStart: suiteStart, events: 0, publish: publish)
            }
            // Nothing ran: the flow fails at its start and every step is reported skipped.
            var interpreter = FlowInterpreter(flow: flow, settings: settings, at: clock.now)
            let reason = ConnectorError("could not open a session with the agent: \(Self.describe(error))")
            let output = interpreter.transportFailed(reason, at: clock.now)
            for note in output.notes { await relay(note, host: host, publish: publish) }
            let outcome = interpreter.finalOutcome ?? .failed(StepFailure(message: reason.message, cause: .transport, location: flow.location))
            return await finish(run, outcome, interpreter.results, started: started, suiteStart: suiteStart, events: 0, publish: publish)
        }

        var settings = settings
        settings.agentSpeaksFirst = session.agentSpeaksFirst
        var interpreter = FlowInterpreter(flow: flow, settings: settings, at: clock.now)
        // Only a flow whose matchers ask models is probed: the probe evaluates each input twice.
        let asker = MeaningUse.kinds(in: flow.steps).isEmpty ? nil : MeaningAsker(resolver: meaning ?? NoModels(), secrets: host.secrets)
        if asker != nil { interpreter.probe = MeaningProbe() }
        await asker?.settle(&interpreter) { _ = $0.start() }
        var output = interpreter.start()
        var outcome: FlowOutcome
        loop: while true {
            for note in output.notes { await relay(note, host: host, publish: publish) }
            if Task.isCancelled {
                outcome = .skipped(reason: "interrupted")
                break
            }
            switch output.command {
            case .finish(let finalOutcome):
                outcome = finalOutcome
                break loop
            case .perform(let action):
                do {
                    try await session.perform(action)
                    let now = clock.now
                    await asker?.settle(&interpreter) { _ = $0.actionPerformed(at: now) }
                    output = interpreter.actionPerformed(at: now)
                } catch is CancellationError {
                    outcome = .skipped(reason: "interrupted")
                    break loop
                } catch {
                    output = interpreter.transportFailed(ConnectorError(Self.describe(error)), at: clock.now)
                }
            case .awaitEvent(let deadline):
                do {
                    if let event = try await session.next(before: deadline) {
                        let now = clock.now
                        await asker?.settle(&interpreter) { _ = $0.received(event, at: now) }
                        output = interpreter.received(event, at: now)
                    } else {
                        let now = clock.now
                        await asker?.settle(&interpreter) { _ = $0.deadlinePassed(at: now) }
                        output = interpreter.deadlinePassed(at: now)
                    }
                } catch is CancellationError {
                    outcome = .skipped(reason: "interrupted")
                    break loop
                } catch {
                    output = interpreter.transportFailed(ConnectorError(Self.describe(error)), at: clock.now)
                }
            }
        }
        await session.close()
        return await finish(
            run, outcome, interpreter.results, started: started, suiteStart: suiteStart, events: interpreter.eventCount, publish: publish)
    }

    private func relay(_ note: InterpreterNote, host: PluginHost, publish: (PluginEvent.Kind) async -> Void) async {
        switch note {
        case .stepStarted(let info): await publish(.stepStarted(info))
        case .stepFinished(let result): await publish(.stepFinished(result))
        case .userAction(let action): await publish(.userAction(action))
        case .agentEvent(let event, let offset): await publish(.agentEvent(event, offset: offset))
        case .log(let text): await publish(.log(text))
        case .secrets(let values): host.secrets.add(values)
        }
    }

    private func finish(
        _ run: FlowRun, _ outcome: FlowOutcome, _ steps: [StepResult], started: Duration, suiteStart: Duration, events: Int,
        publish: (PluginEvent.Kind) async -> Void
    ) async -> FlowResult {
        // A pass on a whole-flow retry is flaky, never plain passed, in every report.
        let outcome = run.attempt > 1 && outcome == .passed ? .flaky : outcome
        let result = FlowResult(
            run: run, outcome: outcome, steps: steps, started: started - suiteStart, duration: clock.now - started, eventCount: events)
        await publish(.flowFinished(result))
        return result
    }

    /// A connector error's own message; anything else as Swift prints it.
    static func describe(_ error: any Error) -> String {
        (error as? ConnectorError)?.message ?? String(describing: error)
    }
}
