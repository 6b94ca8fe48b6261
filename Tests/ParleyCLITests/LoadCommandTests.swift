import Foundation
import ParleyTesting
import Testing

/// `parley load` against a real `parley serve` on loopback: the figures come out sane, the open
/// model keeps its rate, and Ctrl-C still prints and writes them.
struct LoadCommandTests {
    let executable = ProjectPaths.product("parley")

    /// A project in a temporary folder whose `agui` agent is `parley serve` of a quick agent, and
    /// the server; the caller removes the folder and stops the server.
    static func project(_ executable: URL) async throws -> (folder: URL, server: ReadyServer) {
        let folder = try ProjectPaths.temporaryFolder()
        try """
            agent: { id: load, name: Load }
            timing: { think: 20ms, chunks: 3, chunk_delay: 10ms }
            rules:
              - id: hours
                when: { text: "(?i)hours" }
                play:
                  - run_started
                  - reply: "We are open Monday to Friday, 9am to 6pm."
                  - run_finished
              - id: orders
                when: { text: "(?i)order" }
                play:
                  - run_started
                  - reply: "Your order has shipped."
                  - run_finished
            """.write(to: folder.appendingPathComponent("load.agent.yaml"), atomically: true, encoding: .utf8)
        try """
            flow: Opening hours
            steps:
              - send: What are your opening hours?
              - expect: { reply: { contains: Monday } }
              - expect: { run_finished: success }
            """.write(to: folder.appendingPathComponent("hours.flow.yaml"), atomically: true, encoding: .utf8)
        try """
            flow: Order status
            steps:
              - send: Where is my order?
              - expect: { reply: { contains: shipped } }
            """.write(to: folder.appendingPathComponent("order.flow.yaml"), atomically: true, encoding: .utf8)
        let server = try await ReadyServer.start(
            executable: executable, arguments: ["serve", "--port", "0", "--agent-script", folder.appendingPathComponent("load.agent.yaml").path])
        try """
            agents:
              served: { connector: agui, url: "\(server.url)" }
            defaults: { agent: served, timeout: 10s }
            """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        return (folder, server)
    }

    static func json(_ file: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }

    /// p50 ≤ p90 ≤ p99 ≤ max, and all above zero.
    static func ordered(_ figures: Any?) -> Bool {
        guard let figures = figures as? [String: Any], let p50 = figures["p50"] as? Double, let p90 = figures["p90"] as? Double,
            let p99 = figures["p99"] as? Double, let max = figures["max"] as? Double
        else { return false }
        return 0 < p50 && p50 <= p90 && p90 <= p99 && p99 <= max
    }

    @Test("a few users for two seconds: runs and steps counted, no errors, percentiles ordered overall and per step, progress each second")
    func closedModel() async throws {
        let (folder, server) = try await Self.project(executable)
        defer {
            server.stop()
            try? FileManager.default.removeItem(at: folder)
        }
        let output = try await CommandRunner(executable: executable, directory: folder).run(
            ["load", ".", "--users", "4", "--ramp", "500ms", "--duration", "2s", "--json", "load.json"])
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        let json = try Self.json(folder.appendingPathComponent("load.json"))
        let runs = try #require(json["runs"] as? [String: Any])
        // Each user ran, its run going at the end finishing. That users run back to back is
        // LoadOnSimulatorTests' to show, on virtual time: here a loaded machine (load 15) let each
        // of the four finish just one run in the 2 s, and `> 4` failed.
        #expect((runs["total"] as? Int ?? 0) >= 4, "\(json)")
        #expect(runs["failed"] as? Int == 0)
        #expect(json["error_rate"] as? Double == 0)
        #expect(json["interrupted"] as? Bool == false)
        let throughput = try #require(json["throughput"] as? [String: Any])
        #expect((throughput["runs_per_second"] as? Double ?? 0) > 0)
        #expect((throughput["steps_per_second"] as? Double ?? 0) > (throughput["runs_per_second"] as? Double ?? 0))
        let latency = try #require(json["latency"] as? [String: Any])
        for measure in ["duration", "first_token", "reply_complete", "run_finished"] {
            #expect(Self.ordered(latency[measure]), "\(measure): \(latency[measure] ?? "missing")")
        }
        let flows = try #require(json["flows"] as? [[String: Any]])
        #expect(Set(flows.compactMap { $0["name"] as? String }) == ["Opening hours", "Order status"])
        let hours = try #require(flows.first { $0["name"] as? String == "Opening hours" })
        let steps = try #require(hours["steps"] as? [[String: Any]])
        #expect(steps.compactMap { $0["location"] as? String }.map { $0.hasPrefix("hours.flow.yaml:") } == [true, true, true])
        let reply = try #require(steps.first { ($0["summary"] as? String)?.hasPrefix("expect reply") == true }?["latency"] as? [String: Any])
        #expect(Self.ordered(reply["first_token"]) && Self.ordered(reply["reply_complete"]) && Self.ordered(reply["duration"]), "\(reply)")
        #expect(output.stdout.contains("parley load: 4 users (ramp 500ms) for 2s"), "\(output.stdout)")
        #expect(output.stdout.contains("failed (error rate 0.00%)"))
        #expect(output.stdout.contains("first token"))
        #expect(output.stderr.contains("1s  users "), "\(output.stderr)")
    }

    @Test("--rate starts rate × duration runs, none dropped against a quick agent")
    func openModel() async throws {
        let (folder, server) = try await Self.project(executable)
        defer {
            server.stop()
            try? FileManager.default.removeItem(at: folder)
        }
        let output = try await CommandRunner(executable: executable, directory: folder).run(
            ["load", "hours.flow.yaml", "--rate", "10/s", "--duration", "2s", "--json", "load.json", "--no-progress"])
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        let json = try Self.json(folder.appendingPathComponent("load.json"))
        let runs = try #require(json["runs"] as? [String: Any])
        #expect(runs["total"] as? Int == 20 && runs["dropped"] as? Int == 0, "\(runs)")
        #expect((json["model"] as? [String: Any])?["kind"] as? String == "open")
        #expect(!output.stderr.contains("users "), "\(output.stderr)")
    }

    @Test("Ctrl-C stops the load with exit 130 and still prints and writes the figures so far")
    func interrupted() async throws {
        let (folder, server) = try await Self.project(executable)
        defer {
            server.stop()
            try? FileManager.default.removeItem(at: folder)
        }
        let run = try LiveRun(executable, ["load", ".", "--users", "3", "--duration", "5m", "--json", "load.json"], in: folder)
        run.killIfRunning(after: .seconds(120))
        // Signal once a progress line shows finished runs (within 30 lines, a second each).
        for second in 1...30 {
            await run.readErrors(until: "\(second)s  users ")
            await run.readErrors(until: "runs/s")
            let last = run.errors.split(separator: "\n").last { $0.hasPrefix("\(second)s  users ") } ?? ""
            if !last.isEmpty && !last.contains("runs 0 ") { break }
        }
        run.signal(SIGINT)
        let exit = await run.finish()
        #expect(exit == 130, "stdout: \(run.output)\nstderr: \(run.errors)")
        #expect(run.output.contains("interrupted"), "\(run.output)")
        let json = try Self.json(folder.appendingPathComponent("load.json"))
        #expect(json["interrupted"] as? Bool == true)
        #expect(((json["runs"] as? [String: Any])?["total"] as? Int ?? 0) > 0, "\(json)")
        #expect(json["error_rate"] as? Double == 0)
        #expect(Self.ordered((json["latency"] as? [String: Any])?["first_token"]))
    }

    @Test("failing runs against the in-process simulator: exit 1, the failures grouped by step and message; --max-error-rate 1 lets them pass")
    func failures() async throws {
        let (folder, server) = try await Self.project(executable)
        server.stop()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            agents:
              local: { connector: simulator, script: load.agent.yaml }
            defaults: { agent: local, timeout: 10s }
            """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        try """
            flow: Closed on Sunday
            steps:
              - send: What are your opening hours?
              - expect: { reply: { contains: Sunday }, within: 300ms }
            """.write(to: folder.appendingPathComponent("sunday.flow.yaml"), atomically: true, encoding: .utf8)
        let runner = CommandRunner(executable: executable, directory: folder)
        let output = try await runner.run(["load", "sunday.flow.yaml", "hours.flow.yaml", "--users", "2", "--duration", "1s", "--json", "load.json"])
        #expect(output.status == 1, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        let json = try Self.json(folder.appendingPathComponent("load.json"))
        let runs = try #require(json["runs"] as? [String: Any])
        let (total, failed) = (runs["total"] as? Int ?? 0, runs["failed"] as? Int ?? 0)
        #expect(failed > 0 && failed < total, "\(runs)")
        #expect(json["error_rate"] as? Double == (Double(failed) / Double(total) * 1_000_000).rounded() / 1_000_000)
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.count == 1 && errors.first?["count"] as? Int == failed, "\(errors)")
        #expect(errors.first?["location"] as? String == "sunday.flow.yaml:4:5")
        #expect(output.stdout.contains("failures:\n  \(failed)× sunday.flow.yaml:4:5: expected reply"), "\(output.stdout)")
        let tolerated = try await runner.run(["load", "sunday.flow.yaml", "--duration", "1s", "--max-error-rate", "1", "--no-progress"])
        #expect(tolerated.status == 0, "stdout: \(tolerated.stdout)\nstderr: \(tolerated.stderr)")
    }

    @Test("--users and --rate together are invalid input: exit 2, nothing runs")
    func bothModels() async throws {
        let output = try await CommandRunner(executable: executable).run(["load", ".", "--users", "2", "--rate", "5/s"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("--users and --rate are two ways to load; give one"), "\(output.stderr)")
    }
}
