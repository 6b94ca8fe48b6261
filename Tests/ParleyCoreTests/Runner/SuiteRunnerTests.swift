import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// `SuiteRunner`: data rows, `--repeat`, `--retries`, `--fail-fast` and `--parallel`, over `ManualClock`.
@Suite("suite runner")
struct SuiteRunnerTests {
    /// Answers "Where is X?" with "X has shipped", except orders starting with "B", which are delayed.
    static let orders = ScriptedAgent.replying { said in
        said.contains("B-") ? "\(said) It is delayed" : "\(said) It has shipped"
    }

    static func flow(_ name: String, order: String = "A-1") -> String {
        """
        flow: \(name)
        steps:
          - send: "Where is \(order)?"
          - expect: { reply: { contains: shipped }, within: 1s }
        """
    }

    @Test("data rows expand into one run each, named and numbered, and the row's values are used")
    func dataRows() async throws {
        let connector = ScriptedConnector(Self.orders)
        let planned = try RunnerHarness.planned(
            """
            flow: Orders
            data:
              - { order: A-1 }
              - { order: B-2 }
            steps:
              - send: "Where is ${order}?"
              - expect: { reply: { contains: shipped }, within: 1s }
            """, path: "orders.flow.yaml", connector: connector)
        let (summary, recorder) = await RunnerHarness.runSuite([planned], options: SuiteOptions())
        #expect(summary.results.map(\.run.id) == ["orders.flow.yaml#row1", "orders.flow.yaml#row2"])
        #expect(summary.results.map(\.run.name) == ["Orders [row 1]", "Orders [row 2]"])
        #expect(summary.results.map(\.run.row) == [1, 2])
        #expect(summary.results.map(\.outcome.isPass) == [true, false])
        #expect(connector.actions == [.send(text: "Where is A-1?"), .send(text: "Where is B-2?")])
        guard case .runStarted(let runs) = recorder.events.first?.kind else { Issue.record("no runStarted first"); return }
        #expect(runs.map(\.id) == summary.results.map(\.run.id))
        #expect(!summary.succeeded)
    }

    @Test("--repeat runs each flow that many times, numbered")
    func repeatRuns() async throws {
        let connector = ScriptedConnector(Self.orders)
        let planned = try RunnerHarness.planned(Self.flow("Probe"), path: "probe.flow.yaml", connector: connector)
        let (summary, _) = await RunnerHarness.runSuite([planned], options: SuiteOptions(repetitions: 3))
        #expect(summary.results.map(\.run.id) == ["probe.flow.yaml#rep1", "probe.flow.yaml#rep2", "probe.flow.yaml#rep3"])
        #expect(summary.results.map(\.run.name) == ["Probe (run 1)", "Probe (run 2)", "Probe (run 3)"])
        #expect(summary.passed == 3)
        #expect(connector.sessionsOpened == 3)
    }

    @Test("--retries: a flow that passes on its second attempt is flaky, in the summary and in what plugins hear")
    func retriesFlaky() async throws {
        // The first session answers wrongly; the second answers right.
        let connector = ScriptedConnector(
            ScriptedAgent { session, _ in
                [ScriptedAgent.at(.ms(50), Events.reply(session == 1 ? "It is delayed" : "It has shipped")), ScriptedAgent.at(.ms(60), .turnEnded)]
            })
        let planned = try RunnerHarness.planned(Self.flow("Flaky"), path: "flaky.flow.yaml", connector: connector)
        let (summary, recorder) = await RunnerHarness.runSuite([planned], options: SuiteOptions(retries: 2))
        #expect(summary.results.map(\.outcome) == [.flaky])
        #expect(summary.results.first?.run.attempt == 2)
        #expect(summary.flaky == 1 && summary.passed == 0)
        #expect(summary.succeeded)
        #expect(connector.sessionsOpened == 2)
        let heard = recorder.finishedFlows
        #expect(heard.map(\.run.attempt) == [1, 2])
        #expect(heard.map(\.outcome.isPass) == [false, true])
        #expect(heard.last?.outcome == .flaky)
    }

    @Test("--retries: a flow that fails every attempt fails, after retries + 1 attempts")
    func retriesExhausted() async throws {
        let connector = ScriptedConnector(Self.orders)
        let planned = try RunnerHarness.planned(Self.flow("Always late", order: "B-7"), path: "late.flow.yaml", connector: connector)
        let (summary, _) = await RunnerHarness.runSuite([planned], options: SuiteOptions(retries: 2))
        #expect(summary.failed == 1)
        #expect(summary.results.first?.run.attempt == 3)
        #expect(connector.sessionsOpened == 3)
    }

    @Test("--fail-fast: after a failure the flows not yet started are skipped, and still reported")
    func failFast() async throws {
        let connector = ScriptedConnector(Self.orders)
        let flows = try [
            RunnerHarness.planned(Self.flow("First"), path: "1.flow.yaml", connector: connector),
            RunnerHarness.planned(Self.flow("Second", order: "B-2"), path: "2.flow.yaml", connector: connector),
            RunnerHarness.planned(Self.flow("Third"), path: "3.flow.yaml", connector: connector),
            RunnerHarness.planned(Self.flow("Fourth"), path: "4.flow.yaml", connector: connector),
        ]
        let (summary, recorder) = await RunnerHarness.runSuite(flows, options: SuiteOptions(failFast: true))
        let skipped = FlowOutcome.skipped(reason: "--fail-fast: an earlier flow failed")
        #expect(summary.results.map(\.outcome.isPass) == [true, false, false, false])
        #expect(summary.results.suffix(2).map(\.outcome) == [skipped, skipped])
        #expect(connector.sessionsOpened == 2)
        #expect(recorder.finishedFlows.map(\.run.path) == ["1.flow.yaml", "2.flow.yaml", "3.flow.yaml", "4.flow.yaml"])
    }

    @Test("without --fail-fast every flow runs after a failure")
    func noFailFast() async throws {
        let connector = ScriptedConnector(Self.orders)
        let flows = try [
            RunnerHarness.planned(Self.flow("First", order: "B-1"), path: "1.flow.yaml", connector: connector),
            RunnerHarness.planned(Self.flow("Second"), path: "2.flow.yaml", connector: connector),
        ]
        let (summary, _) = await RunnerHarness.runSuite(flows, options: SuiteOptions())
        #expect(summary.failed == 1 && summary.passed == 1)
    }

    @Test("--parallel 3 runs flows at once, runs them all, and keeps the results in the order given")
    func parallel() async throws {
        let connector = ScriptedConnector(Self.orders, rendezvous: 3)
        let flows = try (1...5).map { number in
            try RunnerHarness.planned(Self.flow("Flow \(number)"), path: "\(number).flow.yaml", connector: connector)
        }
        let (summary, recorder) = await RunnerHarness.runSuite(flows, options: SuiteOptions(parallel: 3))
        #expect(summary.results.map(\.run.path) == (1...5).map { "\($0).flow.yaml" })
        #expect(summary.passed == 5)
        #expect(connector.peakOpen == 3)
        #expect(recorder.finishedFlows.count == 5)
        #expect(recorder.summaries.count == 1)
    }

    @Test("--var overrides the flow's vars in every run")
    func variables() async throws {
        let connector = ScriptedConnector(Self.orders)
        let planned = try RunnerHarness.planned(
            """
            flow: Vars
            vars: { order: B-1 }
            steps:
              - send: "Where is ${order}?"
              - expect: { reply: { contains: shipped }, within: 1s }
            """, path: "vars.flow.yaml", connector: connector)
        let (summary, _) = await RunnerHarness.runSuite([planned], options: SuiteOptions(variables: ["order": "A-9"]))
        #expect(summary.passed == 1)
        #expect(connector.actions == [.send(text: "Where is A-9?")])
    }
}
