import Foundation
import ParleyCore
import ParleyModel
import ParleyParser
import ParleySimulator
import ParleyTesting
import Testing

/// The runner with the real simulator and a manual clock: every example flow, in-process, in no
/// time, with the same event times on every run.
@Suite("examples on a manual clock")
struct ExampleFlowsOnManualClockTests {
    /// Runs every flow of Flows/ once and returns the summary and what a recorder saw.
    private func runExamples() async throws -> (RunSummary, [PluginEvent], Duration) {
        let report = Validator().validate(paths: [ProjectPaths.flows.path])
        #expect(!report.hasErrors, "\(report.rendered())")
        let script = try AgentScriptParser.parse(path: ProjectPaths.flows.appendingPathComponent("agents/demo-support.agent.yaml").path).get()
        let connector = SimulatorConnector(script: script)
        // The PolyAI and CometChat examples assert what only the wire has (delivery, reconnects,
        // persisted messages, button actions) or talk to another agent: they run over sockets in
        // the CLI tests, as does 12-meaning, which asks models (MeaningRunTests).
        let planned = report.flowFiles.compactMap { file in
            report.flows[file].flatMap { $0.tags.contains("polyai") || $0.tags.contains("cometchat") || $0.tags.contains("meaning") ? nil : $0 }.map { PlannedFlow(flow: $0, path: (file as NSString).lastPathComponent, connector: connector) }
        }
        let clock = ManualClock()
        let recorder = RecordingPlugin()
        let summary = await PluginHost.run(plugins: [recorder]) { host in
            await SuiteRunner(clock: clock).run(planned, host: host)
        }
        return (summary, recorder.events, clock.now)
    }

    @Test("every example flow passes, and the clock measures the scripted time")
    func examplesPass() async throws {
        let (summary, _, elapsed) = try await runExamples()
        let failures = summary.results.compactMap { result -> String? in
            if case .failed(let failure) = result.outcome { return failure.rendered } else { return nil }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(summary.results.count == 16)
        #expect(summary.passed == 16)
        // The scripted think times, chunk delays and handoff waits add up to seconds of clock time.
        // (How little wall time that takes is a figure for benchmarks: compared here, it failed
        // whenever the suite's end-to-end tests loaded both cores.)
        #expect(elapsed > .seconds(5))
    }

    @Test("two runs see the same events at the same offsets")
    func deterministic() async throws {
        func timeline(_ events: [PluginEvent]) -> [String] {
            events.compactMap { event in
                guard case .agentEvent(let agentEvent, let offset) = event.kind, let flow = event.flow else { return nil }
                return "\(flow.id) \(agentEvent.kinds.first?.rawValue ?? "raw") @\(offset)"
            }
        }
        let first = try await runExamples()
        let second = try await runExamples()
        #expect(timeline(first.1).count > 100)
        #expect(timeline(first.1) == timeline(second.1))
        #expect(first.2 == second.2)
    }

    @Test("latency is measured from the user action on the run's clock")
    func latencyFromAction() async throws {
        let (_, events, _) = try await runExamples()
        let order = events.filter { $0.flow?.path == "01-order-status.flow.yaml" }
        // After the greeting: the first turn the flow opened with `send`.
        let sent = order.firstIndex { event in
            if case .userAction = event.kind { return true } else { return false }
        } ?? order.endIndex
        let firstDelta = order[sent...].first { event in
            if case .agentEvent(.textDelta, _) = event.kind { return true } else { return false }
        }
        guard case .agentEvent(_, let offset)? = firstDelta?.kind else {
            Issue.record("flow 01 streamed no text")
            return
        }
        // The demo agent thinks 120 ms before it plays anything, then calls a tool and streams a card.
        #expect(offset >= .milliseconds(120))
        #expect(offset < .seconds(2), "flow 01 holds first_token under 2s")
    }
}
