import Foundation

/// Memory per open simulated conversation (issue 20, point 2): the real `parley run` with
/// `--repeat N --parallel N` on one flow against the in-process simulator, whose agent thinks for a
/// long time before it answers, so all N conversations are open at once when memory peaks. Peak
/// RSS is `ru_maxrss` from `wait4`; the cost of one conversation is what N adds over a small run.
enum MemoryPerConversation {
    static func agentScript(think: Int) -> String {
        """
        agent: { id: bench, name: Bench }
        timing: { think: \(think)s }
        fallback:
          play: [reply: "done thinking"]
        """
    }

    static let flow = """
        flow: One open conversation
        agent: bench
        timeout: 3600s
        steps:
          - send: hello
          - expect: { reply: { contains: done } }
        """

    static let project = """
        agents:
          bench: { connector: simulator, script: bench.agent.yaml }
        """

    /// One `parley run` of `conversations` at once.
    struct Sample {
        var conversations: Int
        var passed: Int
        var status: Int32
        var wall: Duration
        var peakKiB: Int
    }

    /// Runs `baseline` then each of `sizes`; prints a Markdown table.
    static func run(parley: URL, sizes: [Int], baseline: Int, think: Int) throws {
        print("`parley run --repeat N --parallel N`, simulator agent thinking \(think) s before it answers:\n")
        print("| conversations | passed | exit | wall | peak RSS | KiB per conversation over \(baseline) |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        let base = try sample(parley: parley, conversations: baseline, think: think)
        print(row(base, base: base))
        for size in sizes {
            print(row(try sample(parley: parley, conversations: size, think: think), base: base))
        }
    }

    static func row(_ sample: Sample, base: Sample) -> String {
        let extra = sample.conversations > base.conversations
            ? String(format: "%.1f", Double(sample.peakKiB - base.peakKiB) / Double(sample.conversations - base.conversations)) : "(baseline)"
        return "| \(sample.conversations) | \(sample.passed) | \(sample.status) | \(LongTurn.seconds(sample.wall)) | "
            + "\(PolyAIConcurrent.mib(sample.peakKiB)) | \(extra) |"
    }

    static func sample(parley: URL, conversations: Int, think: Int) throws -> Sample {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try agentScript(think: think).write(to: folder.appendingPathComponent("bench.agent.yaml"), atomically: true, encoding: .utf8)
        try flow.write(to: folder.appendingPathComponent("open.flow.yaml"), atomically: true, encoding: .utf8)
        try project.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        let run = try AllAtOnce.run(parley: parley, folder: folder, conversations: conversations)
        if run.child.status != 0 {
            FileHandle.standardError.write(Data("parley run (\(conversations)) exited \(run.child.status):\n\(run.logTail(2000))\n".utf8))
        }
        return Sample(conversations: conversations, passed: run.passed, status: run.child.status, wall: run.wall, peakKiB: run.child.peakKiB)
    }
}
