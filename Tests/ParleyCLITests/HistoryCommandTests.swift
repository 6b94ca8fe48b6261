import Foundation
import ParleyModel
import ParleyMonitor
import ParleyTesting
import Testing

/// `parley history`, run as the built binary over a history file the real store wrote.
@Suite("parley history")
struct HistoryCommandTests {
    let parley = ProjectPaths.product("parley")
    static let noon = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC

    static let project = """
        agents:
          demo: { connector: simulator, script: demo.agent.yaml }
        monitor:
          history: { path: state/runs.sqlite }
          checks:
            faq: { flows: [faq.flow.yaml], every: 5m }
            billing: { flows: [billing.flow.yaml], every: 1m }

        """

    /// A project folder with `project` as parley.yaml and a history at `state/runs.sqlite` holding
    /// two finished runs of faq and one run of billing left running.
    static func seededProject(_ project: String = project) async throws -> URL {
        let folder = try ProjectPaths.temporaryFolder()
        try project.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        let store = try HistoryStore.open(path: folder.appendingPathComponent("state/runs.sqlite").path, date: { noon.addingTimeInterval(600) })
        await store.checkFinished(
            CheckRecord(id: "faq-1", check: "faq", startedAt: noon, duration: .milliseconds(1230), outcome: .passed, flows: 1, passedFlows: 1))
        await store.checkFinished(
            CheckRecord(
                id: "faq-2", check: "faq", startedAt: noon.addingTimeInterval(300), duration: .milliseconds(4500), outcome: .failed, flows: 1,
                message: "faq.flow.yaml:4:5: expected a reply containing \"hours\"", turns: [[.firstToken: .milliseconds(200)]],
                transcript: "{\"kind\":\"send\"}\n"))
        await store.checkStarted("billing", id: "billing-1", at: CheckStart(date: noon.addingTimeInterval(400), reading: .zero))
        try store.close()
        return folder
    }

    func run(_ arguments: [String], in folder: URL) async throws -> CommandRunner.Output {
        try await CommandRunner(executable: parley, directory: folder).run(arguments)
    }

    @Test("with no arguments: every check's runs as a table, newest first, from parley.yaml's history: path:")
    func table() async throws {
        let folder = try await Self.seededProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await run(["history"], in: folder)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stderr.isEmpty)
        #expect(
            output.stdout == """
                STARTED (UTC)        CHECK    OUTCOME  DURATION  FLOWS  MESSAGE
                2026-11-18 11:13:20  billing  running         -
                2026-11-18 11:11:40  faq      failed      4.50s    0/1  faq.flow.yaml:4:5: expected a reply containing "hours"
                2026-11-18 11:06:40  faq      passed      1.23s    1/1

                """)
    }

    @Test("a check, --limit and --json; reading leaves a running run running")
    func json() async throws {
        let folder = try await Self.seededProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await run(["history", "faq", "--limit", "1", "--json"], in: folder)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(runs.count == 1)
        #expect(runs.first?["id"] as? String == "faq-2")
        #expect(runs.first?["outcome"] as? String == "failed")
        #expect(runs.first?["transcript"] as? String == "{\"kind\":\"send\"}\n")
        #expect(runs.first?["latencies"] as? [[String: Double]] == [["first_token": 0.2]])

        let billing = try await run(["history", "billing", "--json"], in: folder)
        let running = try #require(try JSONSerialization.jsonObject(with: Data(billing.stdout.utf8)) as? [[String: Any]])
        #expect(running.map { $0["outcome"] as? String } == ["running"])
    }

    @Test("--history PATH reads that file, from anywhere, without a parley.yaml")
    func explicitPath() async throws {
        let folder = try await Self.seededProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let output = try await run(["history", "--history", folder.appendingPathComponent("state/runs.sqlite").path, "faq"], in: elsewhere)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stdout.split(separator: "\n").count == 3)
    }

    @Test("a check named nowhere exits 2 with a did-you-mean; a configured check with no runs is not an error")
    func unknownCheck() async throws {
        let folder = try await Self.seededProject(Self.project + "    quiet: { flows: [q.flow.yaml], every: 1h }\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let typo = try await run(["history", "fqa"], in: folder)
        #expect(typo.status == 2)
        let path = folder.appendingPathComponent("state/runs.sqlite").standardizedFileURL.path
        #expect(typo.stderr == "parley history: no check named 'fqa' in \(path) or parley.yaml; did you mean 'faq'?\n")
        let quiet = try await run(["history", "quiet"], in: folder)
        #expect(quiet.status == 0, "stderr: \(quiet.stderr)")
        #expect(quiet.stdout == "no runs of check 'quiet' in \(path) yet\n")
        #expect(try await run(["history", "quiet", "--json"], in: folder).stdout == "[]\n")
    }

    @Test("no history file yet exits 2 and says where it looked, creating nothing")
    func missing() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.project.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        let output = try await run(["history"], in: folder)
        #expect(output.status == 2)
        let path = folder.appendingPathComponent("state/runs.sqlite").standardizedFileURL.path
        #expect(output.stderr == "parley history: no history at \(path): `parley monitor` creates it when it runs (or pass --history PATH)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("state").path))
    }

    @Test("a parley.yaml with mistakes is reported at file:line:column unless --history names the file")
    func brokenProject() async throws {
        let folder = try await Self.seededProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.project.replacingOccurrences(of: "history: { path:", with: "history: { pth:")
            .write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        let output = try await run(["history"], in: folder)
        #expect(output.status == 2)
        #expect(output.stderr.contains("parley.yaml:4:14: error: unknown key 'pth' in 'history'; did you mean 'path'?"))
        #expect(output.stdout.isEmpty)
        let named = try await run(["history", "--history", "state/runs.sqlite"], in: folder)
        #expect(named.status == 0, "stderr: \(named.stderr)")
    }

    @Test("--limit below 1 is a usage mistake, exit 2")
    func badLimit() async throws {
        let output = try await run(["history", "--limit", "0"], in: ProjectPaths.root)
        #expect(output.status == 2)
        #expect(output.stderr.contains("--limit must be at least 1; got 0"))
    }
}
