import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `parley monitor` holding many checks for a long time (issue 16, point 8): N checks of one flow
/// each against the simulator, every `interval`, for `duration`. Reads the real process from /proc:
/// its CPU time per check run and its resident memory when the measured window starts and at its
/// end, so growth over the window shows. `warmup` is the time before the window: by default one and
/// a half rounds; the status page keeps each check's last 50 runs, so a warm-up of 50 rounds shows
/// the monitor once that store is full.
enum MonitorLoad {
    static func run(parley: URL, checks: Int, interval: Int, duration: Int, warmup: Int? = nil) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-monitor-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            agent: { id: bench, name: Bench }
            timing: { think: 50ms, chunks: 3, chunk_delay: 20ms }
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
              - expect: { reply: { contains: Monday }, latency: { first_token: { lt: 2s } } }
              - expect: { run_finished: success }
            """.write(to: folder.appendingPathComponent("hours.flow.yaml"), atomically: true, encoding: .utf8)
        var project = """
            agents:
              bench: { connector: simulator, script: bench.agent.yaml }
            defaults: { agent: bench }
            monitor:
              concurrency: \(checks)
              checks:

            """
        for index in 1...checks {
            project += "    check\(index): { flows: [hours.flow.yaml], every: \(interval)s, jitter: \(interval)s }\n"
        }
        try project.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("stdout.txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = parley
        process.arguments = ["monitor", folder.path, "--listen", "127.0.0.1:0"]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.standardError
        try process.run()
        let pid = process.processIdentifier
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let warm = warmup ?? interval * 3 / 2
        var waited = 0
        while waited < warm {
            let step = min(60, warm - waited)
            Thread.sleep(forTimeInterval: Double(step))
            waited += step
            if waited < warm { say(String(format: "  warm-up %4ds: RSS %d KiB, %d runs", waited, residentKiB(pid) ?? 0, runs(output))) }
        }
        let firstRound = (runs(output), cpuSeconds(pid, ticks), residentKiB(pid))
        say("after the warm-up (\(warm)s): \(firstRound.0) runs, RSS \(firstRound.2 ?? 0) KiB")
        let started = Date()
        var samples: [(Double, Int)] = []
        while Date().timeIntervalSince(started) < Double(duration) {
            Thread.sleep(forTimeInterval: 30)
            let sample = (Date().timeIntervalSince(started), residentKiB(pid) ?? 0)
            samples.append(sample)
            say(String(format: "  %4.0fs: RSS %d KiB, %d runs", sample.0, sample.1, runs(output)))
        }
        let end = (runs(output), cpuSeconds(pid, ticks), residentKiB(pid))
        kill(pid, SIGTERM)
        process.waitUntilExit()
        let lines = ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").filter { !$0.hasPrefix("parley monitor:") }
        let passed = lines.filter { $0.contains(" passed ") }.count
        var outcomes: [String: Int] = [:]
        for line in lines {
            let words = line.split(separator: " ")
            if words.count > 2 { outcomes[String(words[2]), default: 0] += 1 }
        }
        say("  outcomes: \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        for line in lines.filter({ !$0.contains(" passed ") }).prefix(3) { say("  e.g. \(line.prefix(300))") }
        let measuredRuns = end.0 - firstRound.0
        let cpu = end.1 - firstRound.1
        say("\(checks) checks every \(interval)s for \(duration)s after the warm-up:")
        say("  runs: \(measuredRuns) (\(String(format: "%.1f", Double(measuredRuns) / Double(duration))) a second); passed: \(passed) of the \(lines.count) runs that ended, stopped ones included")
        say(String(format: "  CPU: %.1f s in all, %.2f ms per check run", cpu, cpu * 1000 / Double(max(measuredRuns, 1))))
        say("  RSS: \(firstRound.2 ?? 0) KiB after the warm-up, \(end.2 ?? 0) KiB at the end; exit \(process.terminationStatus)")
    }

    /// A line on standard output at once (print's buffer would hold it until the end when redirected).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func runs(_ output: URL) -> Int {
        ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").filter { !$0.hasPrefix("parley monitor:") }.count
    }

    /// User and system CPU time of `pid` so far, from /proc/PID/stat (fields 14 and 15).
    static func cpuSeconds(_ pid: Int32, _ ticks: Double) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12 here.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / ticks
    }

    /// The current resident set size (`VmRSS`), in KiB.
    static func residentKiB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
    }
}
