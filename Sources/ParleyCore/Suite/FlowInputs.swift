import ParleyModel

/// What one run of a flow is played with, in a heap box: the frames `FlowRunner` keeps while the
/// flow waits hold a pointer to it, not copies of the flow, its settings and its connector as
/// arguments (issue 20, point 2: the suite's worker frame held 4 KB of them for the whole run).
final class FlowInputs: Sendable {
    /// The flow, its connector, settings and meaning resolver, shared by the runs of one data row.
    let setup: FlowSetup
    let run: FlowRun
    /// The clock reading the suite's event times count from.
    let suiteStart: Duration
    let host: PluginHost

    var flow: Flow { setup.flow }
    var connector: any Connector { setup.connector }
    var settings: FlowInterpreter.Settings { setup.settings }
    var meaning: (any MeaningResolver)? { setup.meaning }

    @inline(never)
    init(_ setup: FlowSetup, as run: FlowRun, suiteStart: Duration, host: PluginHost) {
        self.setup = setup
        self.run = run
        self.suiteStart = suiteStart
        self.host = host
    }

    @inline(never)
    convenience init(
        _ flow: Flow, as run: FlowRun, connector: any Connector, settings: FlowInterpreter.Settings, suiteStart: Duration,
        host: PluginHost, meaning: (any MeaningResolver)?
    ) {
        self.init(FlowSetup(flow, connector: connector, settings: settings, meaning: meaning), as: run, suiteStart: suiteStart, host: host)
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

    /// The flow's result from what the conversation came to, with its `flowFinished` event.
    @inline(never)
    func finished(_ played: FlowRunner.Played, started: Duration, now: Duration) -> (FlowRunner.Finished, [PluginEvent]) {
        // A pass on a whole-flow retry is flaky, never plain passed, in every report.
        let outcome = run.attempt > 1 && played.outcome == .passed ? .flaky : played.outcome
        let result = FlowResult(
            run: run, outcome: outcome, steps: played.steps, started: started - suiteStart, duration: now - started,
            eventCount: played.events)
        return (FlowRunner.Finished(result), masked(.flowFinished(result), at: now))
    }

    /// The request that opens this run's session.
    @inline(never)
    func sessionRequest(clock: any MonotonicClock) -> SessionRequest {
        SessionRequest(sessionID: run.id, flowName: run.name, clock: clock)
    }
}
