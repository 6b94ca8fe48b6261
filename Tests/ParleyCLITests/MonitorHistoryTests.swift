import Foundation
import ParleyTesting
import Testing

/// `parley monitor` writing its history and `parley history` reading it, as real processes: a
/// monitor killed with SIGKILL mid-run leaves the run `running`, the next monitor records it as
/// interrupted when it opens the file, and SIGTERM records the run it stops as interrupted.
@Suite("parley monitor: history")
struct MonitorHistoryTests {
    let parley = ProjectPaths.product("parley")

    /// A check whose flow waits ten minutes for a reply the simulator never gives: it is running
    /// for as long as the test needs, whatever the machine's load.
    static func project() throws -> URL {
        try MonitorProject.make(
            checks: ["slow: { flows: [slow.flow.yaml], every: 1h, timeout: 10m }"],
            flows: [
                "slow": """
                    flow: Waits for a reply that never comes
                    steps:
                      - send: What are your opening hours?
                      - expect: { reply: { contains: "a phrase the agent never says" }, within: 10m }

                    """
            ])
    }

    /// `parley history --json`'s runs, outcome and message, newest first.
    func history(in folder: URL) async throws -> [(outcome: String, message: String?)] {
        let output = try await CommandRunner(executable: parley, directory: folder).run(["history", "--json"])
        guard output.status == 0, let runs = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]] else { return [] }
        return runs.map { ($0["outcome"] as? String ?? "", $0["message"] as? String) }
    }

    /// Asks `parley history` until `done` holds of what it prints, while `monitor` runs; the
    /// monitor's kill deadline bounds the wait.
    func waitForHistory(in folder: URL, while monitor: LiveRun, until done: ([(outcome: String, message: String?)]) -> Bool) async throws
        -> [(outcome: String, message: String?)]
    {
        while true {
            let runs = try await history(in: folder)
            if done(runs) || !monitor.process.isRunning { return runs }
            try await Task.sleep(for: .milliseconds(50))  // between polls only; the wait ends on what the history says
        }
    }

    @Test("SIGKILL mid-run leaves the run running until the next monitor marks it interrupted; SIGTERM records its run as interrupted")
    func crashAndStop() async throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }

        let first = try LiveRun(parley, ["monitor", "."], in: folder)
        defer { if first.process.isRunning { first.signal(SIGKILL) } }
        first.killIfRunning(after: .seconds(120))
        let started = try await waitForHistory(in: folder, while: first) { $0.first?.outcome == "running" }
        #expect(started.map(\.outcome) == ["running"], "stderr: \(first.errors)")
        first.signal(SIGKILL)
        #expect(await first.finish() == nil)
        #expect(try await history(in: folder).map(\.outcome) == ["running"], "reading the history changes nothing")

        let second = try LiveRun(parley, ["monitor", "."], in: folder)
        defer { if second.process.isRunning { second.signal(SIGKILL) } }
        second.killIfRunning(after: .seconds(120))
        let reopened = try await waitForHistory(in: folder, while: second) { $0.map(\.outcome) == ["running", "interrupted"] }
        #expect(reopened.map(\.outcome) == ["running", "interrupted"])
        #expect(reopened.last?.message == "the monitor stopped before this run finished (found when it started again)")
        second.signal(SIGTERM)
        #expect(await second.finish() == 0, "stdout: \(second.output)\nstderr: \(second.errors)")

        let final = try await history(in: folder)
        #expect(final.map(\.outcome) == ["interrupted", "interrupted"])
        #expect(final.first?.message != final.last?.message, "SIGTERM's run was recorded by the monitor as it stopped, not found later")
    }
}
