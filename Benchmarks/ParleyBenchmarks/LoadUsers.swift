import Foundation
import ParleyTesting

/// `parley load` with many virtual users against `parley serve` on this machine (issue 20, point
/// 4): what the load command itself costs (its CPU and peak memory) and the figures it reports,
/// beside the server's CPU. The agent answers in about 50 ms, so the users, not the agent, are what
/// the machine carries.
enum LoadUsers {
    static func run(parley: URL, users: Int, ramp: Int, duration: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-load-users-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            agent: { id: bench, name: Bench }
            timing: { think: 20ms, chunks: 3, chunk_delay: 10ms }
            rules:
              - id: hours
                when: { text: "(?i)hours" }
                play:
                  - run_started
                  - reply: "We are open Monday to Friday, 9am to 6pm."
                  - run_finished
            """.write(to: folder.appendingPathComponent("bench.agent.yaml"), atomically: true, encoding: .utf8)
        try """
            flow: Opening hours
            steps:
              - send: What are your opening hours?
              - expect: { reply: { contains: Monday } }
              - expect: { run_finished: success }
              - send: And on Saturday, what are your hours?
              - expect: { reply: { contains: Monday } }
            """.write(to: folder.appendingPathComponent("hours.flow.yaml"), atomically: true, encoding: .utf8)
        let serve = try ReadyServer(executable: parley, arguments: ["serve", "--port", "0", "--agent-script", folder.appendingPathComponent("bench.agent.yaml").path])
        defer { _ = serve.stop(with: SIGTERM) }
        try """
            agents:
              served: { connector: agui, url: "\(serve.url)" }
            defaults: { agent: served, timeout: 30s }
            """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let serveBefore = MonitorLoad.cpuSeconds(serve.pid, ticks)
        let json = folder.appendingPathComponent("load.json").path
        let output = folder.appendingPathComponent("load.txt").path
        say("parley load \(folder.path) --users \(users) --ramp \(ramp)s --duration \(duration)s against \(serve.url) …")
        let started = ContinuousClock.now
        var usage = rusage()
        let child = try ChildProcess.run(
            parley.path, ["load", folder.path, "--users", "\(users)", "--ramp", "\(ramp)s", "--duration", "\(duration)s", "--json", json, "--no-progress"],
            output: output)
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let wall = ContinuousClock.now - started
        let serveCPU = MonitorLoad.cpuSeconds(serve.pid, ticks) - serveBefore
        let loadCPU = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard let data = FileManager.default.contents(atPath: json),
            let figures = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            say("parley load exited \(child.status) with no JSON:\n\(text.suffix(2000))")
            return
        }
        let runs = figures["runs"] as? [String: Any] ?? [:]
        let throughput = figures["throughput"] as? [String: Any] ?? [:]
        let latency = figures["latency"] as? [String: Any] ?? [:]
        func row(_ name: String) -> String {
            guard let measure = latency[name] as? [String: Any] else { return "\(name): none" }
            let cells = ["p50", "p90", "p99", "max"].map { key in String(format: "%@ %.1f ms", key, ((measure[key] as? Double) ?? 0) * 1000) }
            return "\(name): \(cells.joined(separator: ", ")) (\(measure["count"] as? Int ?? 0) values)"
        }
        say("exit \(child.status) after \(String(format: "%.1f", Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18)) s")
        say("runs: \(runs["total"] ?? 0) (\(runs["failed"] ?? 0) failed, \(runs["interrupted"] ?? 0) interrupted); error rate \(figures["error_rate"] ?? 0)")
        say("throughput: \(throughput["runs_per_second"] ?? 0) runs/s, \(throughput["steps_per_second"] ?? 0) steps/s")
        for name in ["duration", "first_token", "reply_complete", "run_finished"] { say("  " + row(name)) }
        say(String(format: "parley load: %.1f s CPU, peak RSS %d KiB; parley serve: %.1f s CPU", loadCPU, child.peakKiB, serveCPU))
        if child.status != 0 { say(String(text.suffix(2000))) }
    }

    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
