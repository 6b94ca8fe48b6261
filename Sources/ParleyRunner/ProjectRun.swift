import ParleyCore
import ParleyModel

/// A run ready to start: its flows, plugins and connectors, from `Runner.prepare`.
public struct ProjectRun: Sendable {
    public var flows: [PlannedFlow]
    /// The plugins the run delivers to, parley.yaml's and the request's; add your own before `start`.
    public var plugins: [any Plugin]
    public var options: SuiteOptions
    var secrets: Set<String>
    var connectors: [any Connector]
    var resources: RunResources
    var clock: any MonotonicClock

    /// Runs every flow, delivers to every plugin, finishes them (reports are written) and shuts
    /// the connectors down. Cancelling the calling task stops the flows; the reports are still
    /// written and the summary says the run was interrupted.
    public func start() async -> RunSummary {
        let secrets = SecretRegistry(secrets: secrets)
        let (flows, options, plugins, clock) = (flows, options, plugins, clock)
        let summary = await PluginHost.run(plugins: plugins, secrets: secrets) { host in
            await SuiteRunner(clock: clock, options: options).run(flows, host: host)
        }
        await shutDown()
        return summary
    }

    /// Shuts the connectors and what the run shares down without running anything: a run planned
    /// and then not wanted (`parley run --watch` when the flows a change touched are left out).
    public func discard() async {
        await shutDown()
    }

    /// Closing runs to the end even when the calling task was cancelled (Ctrl-C): served agents
    /// stop, sockets close, the HTTP client shuts down.
    private func shutDown() async {
        let (connectors, resources) = (connectors, resources)
        await Task {
            for connector in connectors { await connector.shutdown() }
            await resources.shutdown()
        }.value
    }
}
