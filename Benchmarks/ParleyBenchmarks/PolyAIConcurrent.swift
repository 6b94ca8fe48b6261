import Foundation
import ParleyTesting

/// N concurrent PolyAI conversations: `parley serve --protocol polyai` in one process and
/// `parley run --repeat N --parallel N` in another, both from this program's build folder. Reports
/// wall time, each process's peak resident memory and agent events per second (BENCHMARKS.md).
enum PolyAIConcurrent {
    static let agentScript = """
        agent: { id: bench, name: Bench }
        greeting: { text: "Hello from the bench agent", suggestions: [ping] }
        rules:
          - when: { text: ping }
            play:
              - reply: { text: "pong from the bench agent", chunks: 4 }
        """

    static let flow = """
        flow: One PolyAI conversation
        agent: poly
        timeout: 60s
        steps:
          - expect: { reply: { contains: Hello } }
          - tap: ping
          - expect: { delivery: { state: sent } }
          - expect: { reply: { contains: pong } }
        """

    static func project(port: String) -> String {
        """
        agents:
          poly:
            connector: polyai
            rest_url: "http://127.0.0.1:\(port)/api/v1"
            websocket_url: "ws://127.0.0.1:\(port)/ws"
            connector_token: demo-token
            host: parley.example
            quiet: 100ms
        """
    }

    /// Runs the benchmark with `conversations` at once; prints a Markdown table row.
    static func run(parley: URL, conversations: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-polyai-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("bench.agent.yaml")
        try agentScript.write(to: script, atomically: true, encoding: .utf8)
        try flow.write(to: folder.appendingPathComponent("conversation.flow.yaml"), atomically: true, encoding: .utf8)

        let serve = try ReadyServer(executable: parley, arguments: ["serve", "--protocol", "polyai", "--port", "0", "--agent-script", script.path])
        defer { serve.stop(with: SIGTERM) }
        let port = URL(string: serve.url)?.port.map(String.init) ?? "0"
        try project(port: port).write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)

        let run = try AllAtOnce.run(parley: parley, folder: folder, conversations: conversations)
        let (child, wall) = (run.child, run.wall)
        let servePeak = ChildProcess.peakResidentKiB(pid: serve.pid)

        let passed = run.passed
        let events = run.flows.reduce(0) { $0 + (($1["events"] as? Int) ?? 0) }
        let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        print("| conversations | passed | exit | wall | agent events | events/s | peak RSS `parley run` | peak RSS `parley serve` |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        print(
            "| \(conversations) | \(passed) | \(child.status) | \(String(format: "%.2f s", seconds)) | \(events) | "
                + "\(String(format: "%.0f", Double(events) / seconds)) | \(mib(child.peakKiB)) | \(servePeak.map(mib) ?? "n/a") |")
        if child.status != 0 {
            print("\n`parley run` exited \(child.status); the end of its output:\n\(run.logTail(3000))")
        }
    }

    static func mib(_ kib: Int) -> String {
        String(format: "%.0f MiB", Double(kib) / 1024)
    }
}
