import Foundation
import ParleyCore
import ParleyLoad
import ParleyModel
import ParleyTesting
import Testing

/// The schedule run on a manual clock with made-up flow runs: how many runs a user makes, where
/// the round robin goes, when the open model drops arrivals, and Ctrl-C.
struct LoadRunnerTests {
    /// Never asked for a session: these tests replace the flow run.
    struct NoConnector: Connector {
        var capabilities: ConnectorCapabilities { .all }
        func openSession(_ request: SessionRequest) async throws -> any AgentSession { throw CancellationError() }
    }

    static func job(_ name: String) -> LoadJob {
        let location = SourceLocation(file: "\(name).flow.yaml", line: 1, column: 1)
        return LoadJob(planned: PlannedFlow(flow: Flow(name: name, steps: [], location: location), path: "\(name).flow.yaml", connector: NoConnector()))
    }

    /// Runs seen by a fake flow run, in the order they finished.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var runs: [FlowRun] = []
        func add(_ run: FlowRun) { lock.withLock { runs.append(run) } }
        var all: [FlowRun] { lock.withLock { runs } }
    }

    static func result(_ run: FlowRun, _ outcome: FlowOutcome = .passed) -> FlowResult {
        FlowResult(run: run, outcome: outcome, steps: [], started: .zero, duration: .seconds(1), eventCount: 0)
    }

    @Test("one user runs the flows round robin, a second each, until the duration is over")
    func oneUserRoundRobin() async {
        let clock = ManualClock()
        let seen = Seen()
        let runner = LoadRunner(clock: clock, plan: LoadPlan(model: .closed(users: 1, ramp: .zero), duration: .seconds(5)))
        let summary = await runner.run([Self.job("a"), Self.job("b")]) { _, run in
            seen.add(run)
            clock.advance(by: .seconds(1))
            return Self.result(run)
        }
        #expect(summary.runs == 5)
        #expect(seen.all.map(\.name) == ["a", "b", "a", "b", "a"])
        #expect(seen.all.map(\.id) == ["a.flow.yaml#u1-1", "b.flow.yaml#u1-2", "a.flow.yaml#u1-3", "b.flow.yaml#u1-4", "a.flow.yaml#u1-5"])
        #expect(summary.elapsed == .seconds(5))
        #expect(summary.flows.map(\.runs) == [3, 2])
    }

    @Test("a ramp past the duration starts only the users due before its end; each starts one flow further along")
    func rampCutByDuration() async throws {
        let clock = ManualClock()
        let seen = Seen()
        let never = Waiters()
        // Users due at 0, 2, 4, 6 and 8 s of a 5 s load: only three start. Each run waits until
        // the load is cancelled, so each user makes exactly one.
        let runner = LoadRunner(clock: clock, plan: LoadPlan(model: .closed(users: 5, ramp: .seconds(10)), duration: .seconds(5)))
        let load = Task {
            await runner.run([Self.job("a"), Self.job("b"), Self.job("c")]) { _, run in
                seen.add(run)
                await never.wait { false }
                return Self.result(run, .skipped(reason: "interrupted"))
            }
        }
        while seen.all.count < 3 { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(100))
        load.cancel()
        let summary = await load.value
        #expect(seen.all.count == 3)
        let firstOfEach = Dictionary(uniqueKeysWithValues: seen.all.map { ($0.id.split(separator: "#")[1], $0.name) })
        #expect(firstOfEach == ["u1-1": "a", "u2-1": "b", "u3-1": "c"])
        #expect(summary.interruptedRuns == 3 && summary.runs == 0)
    }

    @Test("the open model starts rate × duration runs, failed ones counted as errors")
    func openModelArrivals() async {
        let clock = ManualClock()
        let seen = Seen()
        let runner = LoadRunner(clock: clock, plan: LoadPlan(model: .open(perSecond: 4, maxInFlight: 100), duration: .seconds(3)))
        let failure = StepFailure(message: "no reply", cause: .timeout, location: SourceLocation(file: "a.flow.yaml", line: 2, column: 5))
        let summary = await runner.run([Self.job("a")]) { _, run in
            seen.add(run)
            return Self.result(run, run.id.hasSuffix("#r3") ? .failed(failure) : .passed)
        }
        #expect(summary.runs == 12 && summary.failed == 1 && summary.dropped == 0)
        #expect(Set(seen.all.map(\.id)) == Set((1...12).map { "a.flow.yaml#r\($0)" }))
        #expect(summary.errorRate == 1.0 / 12)
        #expect(clock.now == .milliseconds(2750))
    }

    @Test("an arrival that finds the cap reached is dropped, not queued")
    func openModelDrops() async throws {
        let clock = ManualClock()
        let gate = Waiters()
        let open = Box()
        let recorder = LoadRecorder()
        let runner = LoadRunner(clock: clock, plan: LoadPlan(model: .open(perSecond: 10, maxInFlight: 2), duration: .seconds(1)))
        let load = Task {
            await runner.run([Self.job("a")], recorder: recorder) { _, run in
                await gate.wait { open.value }
                return Self.result(run)
            }
        }
        // The first two runs hold the cap until every other arrival has been dropped.
        while recorder.snapshot.dropped < 8 { try await Task.sleep(for: .milliseconds(5)) }
        open.value = true
        gate.resumeAll()
        let summary = await load.value
        #expect(summary.runs == 2 && summary.dropped == 8)
    }

    @Test("cancelling the load (Ctrl-C) stops the users; runs cut short are counted apart and the figures so far stay")
    func cancelled() async throws {
        let clock = ManualClock()
        let recorder = LoadRecorder()
        let runner = LoadRunner(clock: clock, plan: LoadPlan(model: .closed(users: 2, ramp: .zero), duration: .seconds(86_400 * 365)))
        let load = Task {
            await runner.run([Self.job("a")], recorder: recorder) { _, run in
                // A run: a tenth of a second, or until cancelled, as FlowRunner reports it.
                clock.advance(by: .milliseconds(100))
                await Task.yield()
                return Self.result(run, Task.isCancelled ? .skipped(reason: "interrupted") : .passed)
            }
        }
        while recorder.snapshot.runs < 20 { try await Task.sleep(for: .milliseconds(1)) }
        load.cancel()
        let summary = await load.value
        #expect(summary.interrupted)
        #expect(summary.runs >= 20)
        #expect(summary.interruptedRuns <= 2)
        #expect(recorder.active == 0)
    }

    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var flag = false
        var value: Bool {
            get { lock.withLock { flag } }
            set { lock.withLock { flag = newValue } }
        }
    }
}
