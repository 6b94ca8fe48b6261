import Foundation
import ParleyCore
import ParleyLoad
import ParleyModel
import ParleyParser
import ParleySimulator
import ParleyTesting
import Testing

/// The load runner's real flow run (FlowRunner) against the in-process simulator on a manual
/// clock: one user, so every run takes exactly the scripted time and the figures are exact.
struct LoadOnSimulatorTests {
    @Test("one user for 10 s of simulated time: runs back to back, no errors, every run's latencies the same")
    func oneUser() async throws {
        let script = try AgentScriptParser.parse(
            text: """
                agent: { id: hours, name: Hours }
                timing: { think: 100ms, chunks: 2, chunk_delay: 50ms }
                rules:
                  - when: { text: "(?i)hours" }
                    play:
                      - run_started
                      - reply: "Monday to Friday, 9 to 6."
                      - run_finished
                """, path: "hours.agent.yaml"
        ).get()
        let flow = try #require(
            FlowParser().parse(
                text: """
                    flow: Opening hours
                    steps:
                      - send: What are your hours?
                      - expect: { reply: { contains: Monday } }
                      - expect: { run_finished: success }
                    """, path: "hours.flow.yaml"
            ).flow)
        let planned = PlannedFlow(flow: flow, path: "hours.flow.yaml", connector: SimulatorConnector(script: script))
        let clock = ManualClock()
        let runner = LoadRunner(clock: clock, plan: LoadPlan(model: .closed(users: 1, ramp: .zero), duration: .seconds(10)))
        let box = Box()
        _ = await PluginHost.run(plugins: []) { host in
            box.summary = await runner.run(LoadJob.jobs([planned]), host: host)
            return RunSummary(results: [], startedAt: .now, duration: .zero)
        }
        let summary = try #require(box.summary)
        #expect(summary.failed == 0, "\(summary.errors)")
        #expect(summary.runs > 1)
        let firstToken = try #require(summary.overall[.firstToken])
        #expect(firstToken.count == summary.runs)
        #expect(firstToken.p50 == firstToken.max && firstToken.max >= .milliseconds(100))
        let duration = try #require(summary.overall[.duration])
        // Back to back: the user starts a run while the clock is short of 10 s, and only then.
        #expect(duration.max * (summary.runs - 1) < .seconds(10))
        #expect(duration.max * summary.runs >= .seconds(10) - .milliseconds(1))
        #expect(summary.flows.first?.steps.count == 3)
    }

    final class Box: @unchecked Sendable {
        var summary: LoadSummary?
    }
}
