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
    public func run(
        _ flow: Flow, as run: FlowRun, connector: any Connector, settings: FlowInterpreter.Settings, suiteStart: Duration = .zero,
        host: PluginHost, meaning: (any MeaningResolver)? = nil
    ) async -> FlowResult {
        await self.run(
            FlowInputs(flow, as: run, connector: connector, settings: settings, suiteStart: suiteStart, host: host, meaning: meaning)
        ).result
    }

    /// Runs the flow `inputs` hold.
    ///
    /// Kept short, with the conversation in `converse` and its waits in `perform` and `awaitEvent`,
    /// each on a `FlowPlay` box and none inlined into another (issue 20). An async function's frame
    /// holds every local and temporary it has for as long as it runs, and a task keeps the memory of
    /// the deepest stack of frames it ever had (its allocator reuses its slabs, never frees them), so
    /// with thousands of flows at once every frame on a flow's path must be small, not only those
    /// live while it waits: they hold pointers to `FlowInputs` and `FlowPlay`, and events are built
    /// and masked by synchronous calls. What the conversation came to and the result are boxes,
    /// so no frame on the way holds one (a `FlowResult` is about 300 bytes).
    @inline(never)
    func run(_ inputs: FlowInputs) async -> Finished {
        let started = clock.now
        await inputs.host.deliver(inputs.flowStarted(at: started))
        let played = await play(inputs)
        return await finish(inputs, played, started: started)
    }

    /// Opens the session, plays the flow on it and closes it.
    @inline(never)
    private func play(_ inputs: FlowInputs) async -> Played {
        do {
            // The session is a scope: its loops run beside the conversation and end with it.
            return try await inputs.connector.withSession(inputs.sessionRequest(clock: clock)) { session in
                await converse(FlowPlay(inputs, agentSpeaksFirst: session.agentSpeaksFirst, clock: clock), on: session)
            }
        } catch {
            return await unopened(inputs, error: error)
        }
    }

    /// What a conversation came to: its outcome, its steps and how many agent events it had.
    final class Played: Sendable {
        let outcome: FlowOutcome
        let steps: [StepResult]
        let events: Int

        init(outcome: FlowOutcome, steps: [StepResult], events: Int) {
            self.outcome = outcome
            self.steps = steps
            self.events = events
        }
    }

    /// A flow run's result, in a box.
    final class Finished: Sendable {
        let result: FlowResult

        init(_ result: FlowResult) {
            self.result = result
        }
    }

    /// The session could not be opened: interrupted, or the flow fails at its start with every step skipped.
    @inline(never)
    private func unopened(_ inputs: FlowInputs, error: any Error) async -> Played {
        if error is CancellationError || Task.isCancelled {
            return Played(outcome: .skipped(reason: "interrupted"), steps: [], events: 0)
        }
        var interpreter = FlowInterpreter(flow: inputs.flow, settings: inputs.settings, at: clock.now)
        let reason = ConnectorError("could not open a session with the agent: \(Self.describe(error))")
        let output = interpreter.transportFailed(reason, at: clock.now)
        for note in output.notes { await relay(note, inputs) }
        let outcome = interpreter.finalOutcome ?? .failed(StepFailure(message: reason.message, cause: .transport, location: inputs.flow.location))
        return Played(outcome: outcome, steps: interpreter.results, events: 0)
    }

    /// Plays the flow on the open session until the interpreter finishes or the run is interrupted.
    /// Its frame, live for the whole conversation, holds little more than two pointers.
    @inline(never)
    private func converse(_ play: FlowPlay, on session: any AgentSession) async -> Played {
        await start(play)
        while true {
            await relayNotes(of: play)
            if Task.isCancelled { return play.played(interrupted: true) }
            let going: Bool
            switch play.next {
            case .finish: return play.played(interrupted: false)
            case .perform: going = await perform(play, on: session)
            case .awaitEvent: going = await awaitEvent(play, on: session)
            }
            if !going { return play.played(interrupted: true) }
        }
    }

    @inline(never)
    private func start(_ play: FlowPlay) async {
        if play.asker != nil { await settle(play, .start) }
        play.start()
    }

    /// Performs the pending action; false when the run was interrupted.
    @inline(never)
    private func perform(_ play: FlowPlay, on session: any AgentSession) async -> Bool {
        guard let action = play.action else { return true }
        do {
            try await session.perform(action)
        } catch is CancellationError {
            return false
        } catch {
            play.transportFailed(error)
            return true
        }
        let now = clock.now
        if play.asker != nil { await settle(play, .performed(at: now)) }
        play.actionPerformed(at: now)
        return true
    }

    /// Waits for the next event until the pending deadline; false when the run was interrupted.
    @inline(never)
    private func awaitEvent(_ play: FlowPlay, on session: any AgentSession) async -> Bool {
        let event: AgentEvent?
        do {
            event = try await session.next(before: play.deadline)
        } catch is CancellationError {
            return false
        } catch {
            play.transportFailed(error)
            return true
        }
        let now = clock.now
        if play.asker != nil { await settle(play, after: event, at: now) }
        play.take(event, at: now)
        return true
    }

    /// For a flow whose matchers ask models: asks them what the input about to be fed needs.
    /// Out of line, so that no other flow's frames have room for it.
    @inline(never)
    private func settle(_ play: FlowPlay, _ input: FlowPlay.Input) async {
        guard let asker = play.asker else { return }
        await asker.settle(&play.interpreter) { _ = input.feed(&$0) }
    }

    @inline(never)
    private func settle(_ play: FlowPlay, after event: AgentEvent?, at now: Duration) async {
        await settle(play, event.map { .received($0, at: now) } ?? .deadlinePassed(at: now))
    }

    /// Publishes the interpreter's notes, in order.
    @inline(never)
    private func relayNotes(of play: FlowPlay) async {
        guard !play.output.notes.isEmpty else { return }
        let notes = play.takeNotes()
        for index in notes.indices {
            let events = play.events(for: notes, at: index)
            if !events.isEmpty { await play.inputs.host.deliver(events) }
        }
    }

    private func relay(_ note: InterpreterNote, _ inputs: FlowInputs) async {
        guard let kind = note.pluginKind(registeringIn: inputs.host.secrets) else { return }
        await inputs.host.deliver(inputs.masked(kind, at: clock.now))
    }

    @inline(never)
    private func finish(_ inputs: FlowInputs, _ played: Played, started: Duration) async -> Finished {
        let (finished, events) = inputs.finished(played, started: started, now: clock.now)
        await inputs.host.deliver(events)
        return finished
    }

    /// A connector error's own message; anything else as Swift prints it.
    static func describe(_ error: any Error) -> String {
        (error as? ConnectorError)?.message ?? String(describing: error)
    }
}
