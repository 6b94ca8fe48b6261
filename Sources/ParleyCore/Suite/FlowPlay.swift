import ParleyModel

/// One conversation's state while `FlowRunner` plays it, in a heap box, and the synchronous work
/// on it. Thousands of flows wait for their agents at once, and an async function's frame holds
/// every local and temporary it has (and those of what is inlined into it) for as long as it is
/// suspended: the frames live while a flow waits hold a pointer to this box, not the interpreter
/// (over 1 KB), its outputs and the plugin events made from them (issue 20, point 2).
final class FlowPlay {
    var interpreter: FlowInterpreter
    /// The interpreter's last answer: notes still to relay, then the next command.
    var output = InterpreterOutput(notes: [], command: .finish(.passed))
    /// Set for a flow whose matchers ask models.
    let asker: MeaningAsker?
    let inputs: FlowInputs
    let clock: any MonotonicClock

    /// What the runner does next.
    enum Next {
        case perform
        case awaitEvent
        case finish
    }

    @inline(never)
    init(_ inputs: FlowInputs, agentSpeaksFirst: Bool, clock: any MonotonicClock) {
        var settings = inputs.settings
        settings.agentSpeaksFirst = agentSpeaksFirst
        interpreter = FlowInterpreter(flow: inputs.flow, settings: settings, at: clock.now)
        // Only a flow whose matchers ask models is probed: the probe evaluates each input twice.
        asker = MeaningUse.kinds(in: inputs.flow.steps).isEmpty
            ? nil : MeaningAsker(resolver: inputs.meaning ?? NoModels(), secrets: inputs.host.secrets)
        if asker != nil { interpreter.probe = MeaningProbe() }
        self.inputs = inputs
        self.clock = clock
    }

    var next: Next {
        switch output.command {
        case .perform: .perform
        case .awaitEvent: .awaitEvent
        case .finish: .finish
        }
    }

    /// An input to the interpreter.
    enum Input {
        case start
        case performed(at: Duration)
        // Boxed: a frame that makes an input other than this one needs no room for an event.
        indirect case received(AgentEvent, at: Duration)
        case deadlinePassed(at: Duration)

        func feed(_ interpreter: inout FlowInterpreter) -> InterpreterOutput {
            switch self {
            case .start: interpreter.start()
            case .performed(let now): interpreter.actionPerformed(at: now)
            case .received(let event, let now): interpreter.received(event, at: now)
            case .deadlinePassed(let now): interpreter.deadlinePassed(at: now)
            }
        }
    }

    // Synchronous, out of line: their temporaries live on the thread's stack for the call, not in
    // the frames of the async functions that call them.

    @inline(never)
    func start() {
        output = interpreter.start()
    }

    @inline(never)
    func actionPerformed(at now: Duration) {
        output = interpreter.actionPerformed(at: now)
    }

    /// An event, or the passing of the deadline (nil).
    @inline(never)
    func take(_ event: AgentEvent?, at now: Duration) {
        if let event {
            output = interpreter.received(event, at: now)
        } else {
            output = interpreter.deadlinePassed(at: now)
        }
    }

    /// The action of a `.perform` command.
    var action: UserAction? {
        if case .perform(let action) = output.command { action } else { nil }
    }

    /// The deadline of an `.awaitEvent` command.
    var deadline: Duration {
        if case .awaitEvent(let deadline) = output.command { deadline } else { .zero }
    }

    /// The notes to relay, handed over once.
    @inline(never)
    func takeNotes() -> [InterpreterNote] {
        defer { output.notes = [] }
        return output.notes
    }

    /// The plugin events for `notes[index]`, masked; none for secrets, which the run's registry
    /// takes at once.
    @inline(never)
    func events(for notes: [InterpreterNote], at index: Int) -> [PluginEvent] {
        guard let kind = notes[index].pluginKind(registeringIn: inputs.host.secrets) else { return [] }
        return inputs.masked(kind, at: clock.now)
    }

    @inline(never)
    func transportFailed(_ error: any Error) {
        output = interpreter.transportFailed(ConnectorError(FlowRunner.describe(error)), at: clock.now)
    }

    /// What the conversation came to: interrupted, or the outcome of the `.finish` command.
    @inline(never)
    func played(interrupted: Bool) -> FlowRunner.Played {
        if !interrupted, case .finish(let outcome) = output.command {
            return FlowRunner.Played(outcome: outcome, steps: interpreter.results, events: interpreter.eventCount)
        }
        return FlowRunner.Played(outcome: .skipped(reason: "interrupted"), steps: interpreter.results, events: interpreter.eventCount)
    }
}
