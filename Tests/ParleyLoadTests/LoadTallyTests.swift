import ParleyCore
import ParleyLoad
import ParleyModel
import Testing

/// The figures of a load from made-up flow results: counts, rates, percentiles, per step.
struct LoadTallyTests {
    static let flowLocation = SourceLocation(file: "order.flow.yaml", line: 1, column: 1)
    static let ask = StepInfo(summary: #"send "Where is my order?""#, location: SourceLocation(file: "order.flow.yaml", line: 3, column: 5), depth: 0)
    static let reply = StepInfo(summary: "expect reply", location: SourceLocation(file: "order.flow.yaml", line: 4, column: 5), depth: 0)
    static let finished = StepInfo(summary: "expect run_finished", location: SourceLocation(file: "order.flow.yaml", line: 5, column: 5), depth: 0)
    static let plan = LoadPlan(model: .closed(users: 2, ramp: .zero), duration: .seconds(10))

    /// A run of the order flow: one turn, first token at `firstToken` ms, the reply 50 ms later.
    static func order(_ firstToken: Int, duration: Int = 300, outcome: FlowOutcome = .passed) -> FlowResult {
        let latencies: [LatencyMeasure: Duration] = [.firstToken: .milliseconds(firstToken), .replyComplete: .milliseconds(firstToken + 50)]
        var finishedLatencies = latencies
        finishedLatencies[.runFinished] = .milliseconds(firstToken + 60)
        let run = FlowRun(id: "order.flow.yaml#u1-1", name: "Order", path: "order.flow.yaml", location: flowLocation)
        var last = StepResult(step: finished, outcome: .passed, started: .milliseconds(200), duration: .milliseconds(10), latencies: finishedLatencies)
        if case .failed(let failure) = outcome { last.outcome = .failed(failure) }
        return FlowResult(
            run: run, outcome: outcome,
            steps: [
                StepResult(step: ask, outcome: .passed, started: .zero, duration: .milliseconds(2)),
                StepResult(step: reply, outcome: .passed, started: .milliseconds(2), duration: .milliseconds(firstToken + 48), latencies: latencies),
                last,
            ], started: .zero, duration: .milliseconds(duration), eventCount: 6)
    }

    @Test("runs, steps, throughput and the error rate count finished runs; failures group by message and step")
    func counts() {
        var tally = LoadTally()
        let failure = StepFailure(message: "expected run_finished within 1s; got nothing", cause: .timeout, location: Self.finished.location)
        for index in 1...9 { tally.record(Self.order(100 + index)) }
        tally.record(Self.order(300, outcome: .failed(failure)))
        let summary = tally.summary(plan: Self.plan, elapsed: .seconds(5), interrupted: false)
        #expect(summary.runs == 10 && summary.passed == 9 && summary.failed == 1)
        #expect(summary.steps == 30 && summary.failedSteps == 1)
        #expect(summary.runsPerSecond == 2)
        #expect(summary.stepsPerSecond == 6)
        #expect(summary.errorRate == 0.1)
        #expect(summary.errors == [LoadSummary.FailureCount(message: failure.message, location: "order.flow.yaml:5:5", count: 1)])
    }

    @Test("a turn's latencies count once, overall and under the step that was running when they were reached, though every later step of the turn carries them")
    func turnsCountOnce() throws {
        var tally = LoadTally()
        for firstToken in [100, 200, 300, 400] { tally.record(Self.order(firstToken)) }
        let summary = tally.summary(plan: Self.plan, elapsed: .seconds(1), interrupted: false)
        let firstToken = try #require(summary.overall[.firstToken])
        #expect(firstToken.count == 4)
        // HdrHistogram gives the top of the value's bucket: within 0.1 % at three digits.
        #expect(firstToken.p50 >= .milliseconds(200) && firstToken.p50 <= .microseconds(200_200))
        #expect(firstToken.max == .milliseconds(400))
        #expect(summary.overall[.runFinished]?.count == 4)
        #expect(summary.overall[.duration]?.count == 4)

        let flow = try #require(summary.flows.first)
        #expect(flow.name == "Order" && flow.runs == 4 && flow.steps.map(\.summary) == [Self.ask.summary, "expect reply", "expect run_finished"])
        #expect(flow.steps[0].measures.keys.sorted() == [.duration])
        #expect(flow.steps[1].measures.keys.sorted() == [.duration, .firstToken, .replyComplete])
        #expect(flow.steps[2].measures.keys.sorted() == [.duration, .runFinished])
        #expect(flow.steps[1].measures[.replyComplete]?.max == .milliseconds(450))
        #expect(flow.steps[1].location == "order.flow.yaml:4:5")
    }

    @Test("two turns in a run are two values, even when they measured the same")
    func twoTurns() throws {
        var result = Self.order(100)
        let second = Self.order(100).steps.map { step in
            var step = step
            step.step.location.line += 10
            return step
        }
        result.steps += second
        var tally = LoadTally()
        tally.record(result)
        let summary = tally.summary(plan: Self.plan, elapsed: .seconds(1), interrupted: false)
        #expect(summary.overall[.firstToken]?.count == 2)
        #expect(summary.flows.first?.steps.count == 6)
    }

    @Test("interrupted runs are counted apart and leave every other figure alone; dropped arrivals are counted")
    func interruptedAndDropped() {
        var tally = LoadTally()
        tally.record(Self.order(100))
        var cut = Self.order(5000)
        cut.outcome = .skipped(reason: "interrupted")
        tally.record(cut)
        tally.drop()
        let summary = tally.summary(plan: Self.plan, elapsed: .seconds(1), interrupted: true)
        #expect(summary.runs == 1 && summary.interruptedRuns == 1 && summary.dropped == 1)
        #expect(summary.overall[.firstToken]?.max == .milliseconds(100))
        #expect(summary.interrupted)
    }

    @Test("percentiles are ordered overall, per flow and per step")
    func ordered() {
        var tally = LoadTally()
        for index in 0..<500 { tally.record(Self.order(index * 37 % 1000 + 1, duration: index * 53 % 2000 + 1)) }
        let summary = tally.summary(plan: Self.plan, elapsed: .seconds(1), interrupted: false)
        let all = Array(summary.overall.values) + summary.flows.compactMap(\.duration) + summary.flows.flatMap { $0.steps.flatMap { Array($0.measures.values) } }
        #expect(all.count == 4 + 1 + (1 + 3 + 2))
        for figures in all { #expect(figures.p50 <= figures.p90 && figures.p90 <= figures.p99 && figures.p99 <= figures.max) }
    }

    @Test("the JSON has the same figures, in seconds; the table names every flow and step")
    func outputs() throws {
        var tally = LoadTally()
        tally.record(Self.order(120))
        let summary = tally.summary(plan: Self.plan, elapsed: .seconds(2), interrupted: false)
        guard case .object(let members) = summary.json else { Issue.record("not an object"); return }
        let json = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
        #expect(json["error_rate"] == .number(0))
        #expect(json["throughput"] == .object([JSONMember("runs_per_second", .number(0.5)), JSONMember("steps_per_second", .number(1.5))]))
        let text = summary.json.prettyPrinted()
        #expect(text.contains(#""first_token": {"#))
        #expect(text.contains(#""p99": 0.12"#))
        let table = summary.table
        #expect(table.contains("parley load: 2 users for 10s"))
        #expect(table.contains("1 runs in 2s (0.5/s), 3 steps (1.5/s), 0 failed (error rate 0.00%)"))
        #expect(table.contains("Order (order.flow.yaml): 1 runs, 0 failed"))
        #expect(table.contains("order.flow.yaml:4:5 expect reply"))
        #expect(table.contains("first token"))
    }

    @Test("secrets are masked in names, step summaries and failure messages")
    func redaction() {
        var tally = LoadTally()
        let failure = StepFailure(message: "expected reply; got hunter2", cause: .timeout, location: Self.finished.location)
        tally.record(Self.order(100, outcome: .failed(failure)))
        let summary = tally.summary(plan: Self.plan, elapsed: .seconds(1), interrupted: false).redacted(by: Redactor(secrets: ["hunter2"]))
        #expect(!summary.errors[0].message.contains("hunter2"))
    }
}
