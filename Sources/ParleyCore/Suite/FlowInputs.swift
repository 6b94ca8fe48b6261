import ParleyModel

/// What one run of a flow is played with, in a heap box: the frames `FlowRunner` keeps while the
/// flow waits hold a pointer to it, not copies of the flow, its settings and its connector as
/// arguments (issue 20, point 2: the suite's worker frame held 4 KB of them for the whole run).
final class FlowInputs: Sendable {
    let flow: Flow
    let run: FlowRun
    let connector: any Connector
    let settings: FlowInterpreter.Settings
    /// The clock reading the suite's event times count from.
    let suiteStart: Duration
    let host: PluginHost
    let meaning: (any MeaningResolver)?

    @inline(never)
    init(
        _ flow: Flow, as run: FlowRun, connector: any Connector, settings: FlowInterpreter.Settings, suiteStart: Duration,
        host: PluginHost, meaning: (any MeaningResolver)?
    ) {
        self.flow = flow
        self.run = run
        self.connector = connector
        self.settings = settings
        self.suiteStart = suiteStart
        self.host = host
        self.meaning = meaning
    }

    // Synchronous and out of line: the events and results they build live on the thread's stack
    // for the call, not in the frames of the async functions that publish them.

    /// The event of `kind` at the clock's reading `now`, masked, ready for `PluginHost.deliver`.
    @inline(never)
    func masked(_ kind: PluginEvent.Kind, at now: Duration) -> [PluginEvent] {
        host.masked(PluginEvent(time: now - suiteStart, flow: run, kind: kind))
    }

    @inline(never)
    func flowStarted(at now: Duration) -> [PluginEvent] {
        masked(.flowStarted, at: now)
    }

    @inline(never)
    func flowFinished(_ result: FlowResult, at now: Duration) -> [PluginEvent] {
        masked(.flowFinished(result), at: now)
    }

    /// The request that opens this run's session.
    @inline(never)
    func sessionRequest(clock: any MonotonicClock) -> SessionRequest {
        SessionRequest(sessionID: run.id, flowName: run.name, clock: clock)
    }

    /// The flow's result from what the conversation came to.
    @inline(never)
    func result(_ played: FlowRunner.Played, started: Duration, now: Duration) -> FlowResult {
        // A pass on a whole-flow retry is flaky, never plain passed, in every report.
        let outcome = run.attempt > 1 && played.outcome == .passed ? .flaky : played.outcome
        return FlowResult(
            run: run, outcome: outcome, steps: played.steps, started: started - suiteStart, duration: now - started,
            eventCount: played.events)
    }
}
