import Foundation
import ParleyTesting
import Testing

/// AG-UI conformance, end to end: the `agui` connector against a third-party AG-UI server (the
/// pydantic-ai peer of `Fixtures/agui/peer_agent.py`) and against Parley's own `parley serve`
/// playing the same conversation (`Fixtures/agui/agents/peer.agent.yaml`). The flows of
/// `Fixtures/agui/flows`, shared state included, must pass unchanged against both. Each case has
/// its own copy and its own `parley serve` (port 0), so the cases run at once; the peer cases
/// share one pydantic-ai peer (``peer``).
@Suite("AG-UI conformance")
struct AGUIConformanceTests {
    let executable = ProjectPaths.product("parley")

    /// Every flow of `flows/`, which both agents must pass.
    static let sharedFlows = [
        "flows/01-backend-tool.flow.yaml", "flows/02-frontend-tool.flow.yaml", "flows/03-interrupt-approve.flow.yaml",
        "flows/04-interrupt-deny.flow.yaml", "flows/05-card-and-suggestions.flow.yaml", "flows/06-handoff.flow.yaml",
        "flows/07-contact-form.flow.yaml", "flows/08-multi-turn.flow.yaml", "flows/09-request-settings.flow.yaml",
        "flows/10-shared-state.flow.yaml",
    ]
    static let failureMessage = "scripted failure requested by the flow"

    /// The pydantic-ai peer, one for the three cases that ask it: it keeps nothing between requests
    /// (each carries its whole conversation, state included), and its start (importing pydantic-ai,
    /// about a second of CPU) three times at once on a loaded machine took longer than 30 s. The
    /// first case to ask starts it; it exits with the test process (`--exit-with-parent`), as no one
    /// case may stop it. 120 s for its ready line, as the LangGraph peer has: a start, not a check.
    static let peer = Task { () throws -> ReadyServer in
        try await ReadyServer.start(
            executable: ProjectPaths.python,
            arguments: [RunFixtures.fixtures.appendingPathComponent("agui/peer_agent.py").path, "0", "--exit-with-parent"],
            marker: "ready ", timeout: .seconds(120))
    }

    @Test(
        "every flow passes, shared state included, against the third-party pydantic-ai peer and, unchanged, against parley serve playing the peer's conversation",
        arguments: ["peer", "served"])
    func flowsPass(agent: String) async throws {
        let project = try ConformanceProject()
        defer { project.remove() }
        let (server, variable) = try await project.start(agent, parley: executable)
        defer { if agent == "served" { server.stop() } }
        // At once: each flow mostly waits out its settle period, so one after another they took 9 s,
        // the CLI group's last test. Neither server shares anything between threads, and the
        // report keeps the plan's order.
        let output = try await CommandRunner(executable: executable, directory: project.folder, environment: [variable: server.url])
            .run(["run", "flows", "--agent", agent, "--json", "out/report.json", "--parallel", "10"])
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)\nserver: \(server.log())")
        #expect(output.stdout.contains("10 flows: 10 passed, 0 flaky, 0 failed, 0 skipped in "), "stdout: \(output.stdout)")
        for report in ["out/report.json", "reports/report.json"] {
            let json = try project.json(report)
            #expect(json["succeeded"] as? Bool == true, "\(report)")
            let flows = json["flows"] as? [[String: Any]] ?? []
            #expect(flows.map { $0["id"] as? String ?? "" } == Self.sharedFlows, "\(report)")
            #expect(flows.allSatisfy { $0["outcome"] as? String == "passed" }, "\(report)")
        }
    }

    @Test(
        "a RUN_ERROR fails the flow at the waiting step with the agent's message; reports are still written",
        arguments: ["peer", "served"])
    func runErrorFails(agent: String) async throws {
        let project = try ConformanceProject()
        defer { project.remove() }
        let (server, variable) = try await project.start(agent, parley: executable)
        defer { if agent == "served" { server.stop() } }
        let output = try await CommandRunner(executable: executable, directory: project.folder, environment: [variable: server.url])
            .run(["run", "failing", "--agent", agent, "--json", "out/report.json", "--junit", "out/junit.xml"])
        #expect(output.status == 1, "stdout: \(output.stdout)\nstderr: \(output.stderr)\nserver: \(server.log())")
        #expect(output.stdout.contains("1 flow: 0 passed, 0 flaky, 1 failed, 0 skipped in "), "stdout: \(output.stdout)")
        // The summary repeats the failure as file:line:column with the agent's message.
        let summary = output.stdout.components(separatedBy: "\n\n").last ?? ""
        let failures = RunFixtures.lines(summary, startingWith: "failing/run-error.flow.yaml:")
        #expect(failures.count == 1, "summary: \(summary)")
        #expect(failures.first?.hasPrefix("failing/run-error.flow.yaml:8:5: ") == true, "summary: \(summary)")
        #expect(failures.first?.contains(Self.failureMessage) == true, "summary: \(summary)")
        for report in ["out/report.json", "reports/report.json"] {
            let json = try project.json(report)
            #expect(json["succeeded"] as? Bool == false, "\(report)")
            let flow = (json["flows"] as? [[String: Any]])?.first ?? [:]
            let failure = flow["failure"] as? [String: Any] ?? [:]
            #expect(flow["outcome"] as? String == "failed", "\(report)")
            #expect(failure["location"] as? String == "failing/run-error.flow.yaml:8:5", "\(report): \(failure)")
            #expect((failure["message"] as? String)?.contains(Self.failureMessage) == true, "\(report): \(failure)")
        }
        let junit = try String(contentsOf: project.folder.appendingPathComponent("out/junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"tests="1" failures="1""#) && junit.contains(Self.failureMessage))
        // The step after the failure never acted: one user action in the transcript.
        let transcript = try String(
            contentsOf: project.folder.appendingPathComponent("reports/transcripts/failing-run-error.jsonl"), encoding: .utf8)
        let actions = transcript.split(separator: "\n").filter { $0.contains(#""type": "user_action""#) }
        #expect(actions.count == 1, "transcript: \(transcript)")
        #expect(!actions.contains { $0.contains("never sent") })
    }

    @Test("ag-ui-validate finds no conformance problem in either server's stream", arguments: ["peer", "served"])
    func validatorIsClean(agent: String) async throws {
        let project = try ConformanceProject()
        defer { project.remove() }
        let (server, _) = try await project.start(agent, parley: executable)
        defer { if agent == "served" { server.stop() } }
        let output = try await PythonTool.console("ag-ui-validate").run([server.url, "--fail-on", "warning", "--no-color", "--timeout", "20"])
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)\nserver: \(server.log())")
        #expect(output.stdout.contains("0 errors, 0 warnings") || output.stdout.contains("no conformance violations"), "\(output.stdout)")
    }
}

/// A copy of `Fixtures/agui` in a temporary folder, so runs write their reports there, and the
/// servers its flows talk to.
private struct ConformanceProject {
    /// The copy's root.
    let root: URL
    /// `Fixtures/agui` inside it.
    let folder: URL

    init() throws {
        root = try RunFixtures.copy()
        folder = root.appendingPathComponent("Fixtures/agui")
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("reports"))
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// The server behind `agent` (`peer`: the shared pydantic-ai peer, not to be stopped; `served`:
    /// a `parley serve` of the case's own) and the variable parley.yaml reads its URL from.
    func start(_ agent: String, parley: URL) async throws -> (ReadyServer, String) {
        agent == "peer"
            ? (try await AGUIConformanceTests.peer.value, "PARLEY_AGUI_PEER_URL") : (try await startServe(parley), "PARLEY_AGUI_SERVE_URL")
    }

    /// `parley serve`: `parley serve: AG-UI agent '<name>' listening on http://127.0.0.1:<port>/`.
    func startServe(_ parley: URL) async throws -> ReadyServer {
        try await ReadyServer.start(
            executable: parley, arguments: ["serve", "--port", "0", "--agent-script", folder.appendingPathComponent("agents/peer.agent.yaml").path],
            marker: " listening on ")
    }

    /// A JSON report, relative to the project.
    func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent(path))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}
