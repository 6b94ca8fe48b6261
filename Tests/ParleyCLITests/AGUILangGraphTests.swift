import Foundation
import ParleyTesting
import Testing

/// A second third-party AG-UI peer: ag-ui-langgraph serving a LangGraph graph with a scripted chat
/// model (`Fixtures/agui-langgraph/langgraph_agent.py`), with the adapter's defaults, so interrupts
/// come as LangGraph (and CrewAI) send them: a CUSTOM `on_interrupt` and a plain RUN_FINISHED. One
/// server and one `parley run` for all flows: importing langchain takes seconds.
struct AGUILangGraphTests {
    let executable = ProjectPaths.product("parley")

    static let flows = [
        "flows/01-backend-tool.flow.yaml", "flows/02-state-snapshot.flow.yaml", "flows/03-interrupt-approve.flow.yaml",
        "flows/04-interrupt-deny.flow.yaml",
    ]

    @Test("against ag-ui-langgraph: a tool call, a state snapshot, and an on_interrupt interrupt resumed approved and denied through forwardedProps.command.resume")
    func flowsPassAgainstLangGraph() async throws {
        let root = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Fixtures/agui-langgraph")
        let server = try await ReadyServer.start(
            executable: ProjectPaths.python, arguments: [folder.appendingPathComponent("langgraph_agent.py").path, "0"], marker: "ready ",
            timeout: .seconds(120))
        defer { server.stop() }
        // At once, as the conformance flows run: each has a thread of its own in the graph's store.
        let output = try await CommandRunner(executable: executable, directory: folder, environment: ["PARLEY_LANGGRAPH_URL": server.url])
            .run(["run", "flows", "--parallel", "4"])
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)\nserver: \(server.log())")
        #expect(output.stdout.contains("4 flows: 4 passed, 0 flaky, 0 failed, 0 skipped in "), "stdout: \(output.stdout)")
        let data = try Data(contentsOf: folder.appendingPathComponent("reports/report.json"))
        let report = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let flows = report["flows"] as? [[String: Any]] ?? []
        #expect(flows.map { $0["id"] as? String ?? "" } == Self.flows)
        #expect(flows.allSatisfy { $0["outcome"] as? String == "passed" }, "\(flows)")

        // The adapter got each answer where LangGraph's clients put it, and nothing in `resume`.
        let log = server.log()
        let resumes = log.split(separator: "\n").filter { $0.contains("command.resume={") }
        #expect(resumes.count == 2, "server: \(log)")
        #expect(resumes.contains { $0.hasSuffix(#"resume=- command.resume={"approved": true, "approver": "qa-bot"}"#) }, "server: \(log)")
        #expect(
            resumes.contains { $0.hasSuffix(#"resume=- command.resume={"approved": false, "reason": "the order already shipped"}"#) },
            "server: \(log)")

        // The interrupt is named by the LangGraph interrupt id of the event's rawEvent, not by Parley.
        let transcripts = folder.appendingPathComponent("reports/transcripts")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: transcripts.path).first { $0.contains("03-interrupt-approve") })
        let transcript = try String(contentsOf: transcripts.appendingPathComponent(name), encoding: .utf8)
        let interrupt = try #require(transcript.split(separator: "\n").first { $0.contains(#""kind": "interrupt""#) }, "\(transcript)")
        #expect(interrupt.firstMatch(of: /"id": "[0-9a-f]{32}"/) != nil, "\(interrupt)")
    }
}
