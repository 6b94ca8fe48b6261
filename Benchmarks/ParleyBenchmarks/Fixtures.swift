import Foundation

/// The agent and flow the benchmarks run: one turn, no think time and no chunk delay, so what is
/// measured is Parley (and the wire), not scripted waiting.
enum Fixtures {
    static let agentScript = """
        agent: { id: bench, name: Bench }
        rules:
          - when: { text: ping }
            play:
              - run_started
              - reply: { text: "pong from the bench agent", chunks: 4 }
              - run_finished
        """

    static let flow = """
        flow: One turn
        steps:
          - send: ping
          - expect: { reply: { contains: pong } }
        """

    /// Writes both into a fresh temporary folder; returns the script and flow paths.
    static func write() throws -> (script: String, flow: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("bench.agent.yaml")
        let flow = folder.appendingPathComponent("one-turn.flow.yaml")
        try agentScript.write(to: script, atomically: true, encoding: .utf8)
        try self.flow.write(to: flow, atomically: true, encoding: .utf8)
        return (script.path, flow.path)
    }
}
