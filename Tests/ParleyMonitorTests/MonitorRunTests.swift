import Foundation
import Logging
import ParleyCore
import ParleyModel
import ParleyMonitor
import ParleyRunner
import ParleyTesting
import Testing

/// The monitor in-process against the simulator: real flows through the runner library, real
/// records, no process or socket.
@Suite("Monitor with the simulator")
struct MonitorRunTests {
    /// What the observers heard.
    actor Heard: MonitorObserver {
        var started: [String] = []
        var records: [CheckRecord] = []

        func checkStarted(_ check: String, id: String, at start: CheckStart) async {
            started.append(id)
        }

        func checkFinished(_ record: CheckRecord) async {
            records.append(record)
        }
    }

    /// A project with a passing, a failing and a slow check (every 1s).
    static func project() throws -> URL {
        let folder = try ProjectPaths.temporaryFolder()
        try """
            agent: { id: shop, name: Shop }
            timing: { think: 10ms, chunks: 2, chunk_delay: 5ms }
            rules:
              - id: hours
                when: { text: "(?i)hours" }
                play: [run_started, { reply: "Open 9 to 5" }, run_finished]
              - id: slow
                when: { text: "(?i)slow" }
                play: [run_started, { pause: 30s }, { reply: "Finally" }, run_finished]
            """.write(to: folder.appendingPathComponent("shop.agent.yaml"), atomically: true, encoding: .utf8)
        let flows = [
            ("hours", "send: hours", "reply: { contains: \"9 to 5\" }"),
            ("wrong", "send: hours", "reply: { contains: \"midnight\" }"),
            ("slow", "send: slow", "reply: { contains: Finally }"),
        ]
        for (name, send, expect) in flows {
            // 8s: the simulator answers at once; the slack is for a loaded machine, and "slow" is cut by its check's 1s.
            try "flow: \(name)\ntimeout: 8s\nsteps:\n  - \(send)\n  - expect: { \(expect) }\n"
                .write(to: folder.appendingPathComponent("\(name).flow.yaml"), atomically: true, encoding: .utf8)
        }
        try """
            agents:
              shop: { connector: simulator, script: shop.agent.yaml }
            defaults: { agent: shop }
            """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    static func check(_ name: String, timeout: Duration? = nil) -> CheckConfig {
        let here = SourceLocation(file: "parley.yaml", line: 1, column: 1)
        return CheckConfig(name: name, flows: [Located("\(name).flow.yaml", at: here)], schedule: .every(.seconds(1)), timeout: timeout, location: here)
    }

    static func monitor(_ folder: URL, _ checks: [CheckConfig], observers: [any MonitorObserver], runs: Int?) -> Monitor {
        let clock = SystemClock()
        return Monitor(
            checks: checks, concurrency: 4, runner: CheckRunner(runner: Runner(), projectDirectory: folder.path, clock: clock), observers: observers,
            clock: clock, logger: .init(label: "test"), runs: runs)
    }

    @Test("each check runs its flows through the runner: a pass with its turn's latencies, a failure with its message and transcript, a timeout")
    func outcomes() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let heard = Heard()
        await Self.monitor(folder, [Self.check("hours", timeout: .seconds(10)), Self.check("wrong", timeout: .seconds(10)), Self.check("slow", timeout: .seconds(1))], observers: [heard], runs: 1).run()
        let records = Dictionary(uniqueKeysWithValues: await heard.records.map { ($0.check, $0) })
        #expect(records.count == 3)
        let hours = try #require(records["hours"])
        #expect(hours.outcome == .passed)
        #expect(hours.flows == 1 && hours.passedFlows == 1)
        #expect(hours.turns.count == 1)
        #expect(hours.turns.first?[.firstToken] != nil && hours.turns.first?[.replyComplete] != nil)
        #expect(hours.message == nil && hours.transcript == nil)
        let wrong = try #require(records["wrong"])
        #expect(wrong.outcome == .failed)
        #expect(wrong.message?.contains("wrong.flow.yaml:5:") == true, "\(wrong.message ?? "")")
        #expect(wrong.message?.contains("midnight") == true)
        #expect(wrong.transcript?.contains(#""type": "user_action""#) == true, "\(wrong.transcript ?? "")")
        #expect(wrong.transcript?.contains("Open 9 to 5") == true)
        let slow = try #require(records["slow"])
        #expect(slow.outcome == .timedOut)
        #expect(slow.message?.hasPrefix("the check ran past its timeout of 1s during ") == true, "\(slow.message ?? "")")
        #expect(slow.transcript?.contains(#""action": "send""#) == true, "the unfinished flow's transcript: \(slow.transcript ?? "")")
        #expect(Set(await heard.started) == Set(records.values.map(\.id)), "every started run finished with its id")
    }

    @Test("cancelling the monitor records the running check as interrupted")
    func cancelled() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let heard = Heard()
        let monitor = Self.monitor(folder, [Self.check("slow", timeout: .seconds(60))], observers: [heard], runs: nil)
        let task = Task { await monitor.run() }
        // Cancel once the run has started.
        while await heard.started.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        task.cancel()
        await task.value
        let records = await heard.records
        #expect(records.map(\.outcome) == [.interrupted])
        #expect(records.first?.id == (await heard.started).first)
    }
}
