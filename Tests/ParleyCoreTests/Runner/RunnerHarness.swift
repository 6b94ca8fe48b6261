import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting

/// Runs flows through the real runners and plugin host, with a `RecordingPlugin` listening.
enum RunnerHarness {
    /// Runs one flow with `FlowRunner`; the suite starts at the clock's reading when called.
    static func runFlow(
        _ yaml: String, connector: any Connector, clock: ManualClock,
        settings: FlowInterpreter.Settings = FlowInterpreter.Settings(), secrets: SecretRegistry = SecretRegistry(),
        meaning: (any MeaningResolver)? = nil
    ) async throws -> (FlowResult, RecordingPlugin, RunSummary) {
        let flow = try FlowText.parse(yaml)
        let recorder = RecordingPlugin()
        let suiteStart = clock.now
        let run = FlowRun(id: FlowText.path, name: flow.name, path: FlowText.path, location: flow.location)
        let summary = await PluginHost.run(plugins: [recorder], secrets: secrets) { host in
            let result = await FlowRunner(clock: clock).run(
                flow, as: run, connector: connector, settings: settings, suiteStart: suiteStart, host: host, meaning: meaning)
            return RunSummary(results: [result], startedAt: Date(), duration: clock.now - suiteStart)
        }
        return (summary.results[0], recorder, summary)
    }

    /// Runs flows with `SuiteRunner` under `options`.
    static func runSuite(
        _ flows: [PlannedFlow], options: SuiteOptions, clock: ManualClock = ManualClock()
    ) async -> (RunSummary, RecordingPlugin) {
        let recorder = RecordingPlugin()
        let summary = await PluginHost.run(plugins: [recorder]) { host in
            await SuiteRunner(clock: clock, options: options).run(flows, host: host)
        }
        return (summary, recorder)
    }

    /// A planned flow parsed from inline text.
    static func planned(_ yaml: String, path: String, connector: ScriptedConnector) throws -> PlannedFlow {
        PlannedFlow(flow: try FlowText.parse(yaml, path: path), path: path, connector: connector)
    }
}

extension PluginEvent.Kind {
    /// The kind's name, for asserting the shape of a run.
    var name: String {
        switch self {
        case .runStarted: return "runStarted"
        case .flowStarted: return "flowStarted"
        case .stepStarted: return "stepStarted"
        case .userAction: return "userAction"
        case .agentEvent: return "agentEvent"
        case .stepFinished: return "stepFinished"
        case .log: return "log"
        case .flowFinished: return "flowFinished"
        }
    }
}

extension RecordingPlugin {
    /// The flow results the plugin heard about, in order.
    var finishedFlows: [FlowResult] {
        events.compactMap { event in
            if case .flowFinished(let result) = event.kind { return result }
            return nil
        }
    }
}
