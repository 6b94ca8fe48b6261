import Foundation
import ParleyTesting

#if canImport(Glibc)
    import Glibc
#endif

/// The same AG-UI turns sent by curl and by `parley run`, side by side against one `parley serve`
/// (issue 20, point 1): what the runner costs over the least a client can do on the wire.
///
/// A turn is one POST of a RunAgentInput (thread, run id, empty state, one user message "ping",
/// no tools or context, `protocolVersion`) and the whole SSE answer read: `RUN_STARTED`, a reply
/// in 4 chunks, `RUN_FINISHED` (`Fixtures.agentScript`, no think time). Each turn has a thread of
/// its own on both sides, as `parley run` makes one per flow run.
enum CurlCompare {
    /// One side's figures over one window.
    struct Row {
        var way: String
        var parallel: Int
        var turns: Int
        /// Turns that ended well: curl's HTTP 200s, or all of them when `parley run` exits 0.
        var ok: Int
        var wall: Double
        var cpu: Double
        var serverCPU: Double
    }

    static func run(parley: URL, turns: Int, parallels: [Int]) throws {
        let (scriptPath, flowPath) = try Fixtures.write()
        let folder = URL(fileURLWithPath: flowPath).deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let serve = try ReadyServer(executable: parley, arguments: ["serve", "--port", "0", "--agent-script", scriptPath])
        defer { _ = serve.stop(with: SIGTERM) }
        try """
            agents:
              served: { connector: agui, url: "\(serve.url)" }
            defaults: { agent: served }
            """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        // One number a line, for xargs to put in each turn's thread id.
        let numbers = folder.appendingPathComponent("turns.txt").path
        try (1...turns).map(String.init).joined(separator: "\n").appending("\n").write(toFile: numbers, atomically: true, encoding: .utf8)

        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        func measured(_ way: String, _ parallel: Int, _ count: Int, _ body: () throws -> Int) rethrows -> Row {
            let serverBefore = MonitorLoad.cpuSeconds(serve.pid, ticks)
            let cpuBefore = childrenCPU()
            let started = ContinuousClock.now
            let ok = try body()
            let wall = ContinuousClock.now - started
            return Row(
                way: way, parallel: parallel, turns: count, ok: ok, wall: seconds(wall), cpu: childrenCPU() - cpuBefore,
                serverCPU: MonitorLoad.cpuSeconds(serve.pid, ticks) - serverBefore)
        }
        func curl(_ parallel: Int, _ numbers: String, _ count: Int) throws -> Row {
            let output = folder.appendingPathComponent("curl-\(parallel).txt").path
            return try measured("curl", parallel, count) {
                let child = try ChildProcess.run("/usr/bin/xargs", curlArguments(url: serve.url, numbers: numbers, parallel: parallel), output: output)
                let lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n")
                if child.status != 0 { say("xargs exited \(child.status): \(lines.prefix(3))") }
                return lines.filter { $0.hasPrefix("200 ") }.count
            }
        }
        func curlKeepAlive(_ parallel: Int, _ count: Int) throws -> Row {
            let list = try keepAliveConfigs(folder: folder, url: serve.url, turns: count, parallel: parallel)
            let output = folder.appendingPathComponent("keep-alive-\(parallel).out").path
            return try measured("curl, kept alive", parallel, count) {
                let arguments = ["-a", list, "-P", String(parallel), "-I{}", "/usr/bin/curl", "-K", "{}"]
                let child = try ChildProcess.run("/usr/bin/xargs", arguments, output: output)
                let lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n")
                if child.status != 0 { say("xargs exited \(child.status): \(lines.prefix(3))") }
                let connects = lines.compactMap { Int($0.split(separator: " ").last ?? "") }.reduce(0, +)
                say("curl, kept alive, parallel \(parallel): \(connects) connections for \(lines.count) transfers")
                return lines.filter { $0.hasPrefix("200 ") }.count
            }
        }
        func parleyRun(_ parallel: Int, _ count: Int) throws -> Row {
            let output = folder.appendingPathComponent("parley-\(parallel)-\(count).txt").path
            let arguments = ["run", flowPath, "--repeat", String(count), "--parallel", String(parallel)]
            return try measured("`parley run`", parallel, count) {
                let child = try ChildProcess.run(parley.path, arguments, output: output)
                if child.status != 0 {
                    say("parley run exited \(child.status):\n\(((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").suffix(2000))")
                }
                return child.status == 0 ? count : 0
            }
        }

        let loadBefore = loadAverage()
        // Warm both ways up once (page cache, the server's first threads), unmeasured.
        let warm = folder.appendingPathComponent("warm.txt").path
        try (1...20).map { "warm-\($0)" }.joined(separator: "\n").appending("\n").write(toFile: warm, atomically: true, encoding: .utf8)
        _ = try curl(1, warm, 20)
        _ = try parleyRun(1, 20)

        // Start-up and planning: `parley run` of one turn, to say how much of its wall time is fixed.
        let single = try parleyRun(1, 1)
        var rows: [Row] = []
        for parallel in parallels {
            rows.append(try curl(parallel, numbers, turns))
            rows.append(try curlKeepAlive(parallel, turns))
            rows.append(try parleyRun(parallel, turns))
        }
        say("\(turns) AG-UI turns against `parley serve` at \(serve.url), load average before: \(loadBefore)\n")
        say("| way | parallel | turns | ok | wall | ÷ curl | ÷ curl kept alive | CPU | ÷ curl | ÷ curl kept alive | `parley serve` CPU |")
        say("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for row in rows {
            let curl = rows.first { $0.way == "curl" && $0.parallel == row.parallel } ?? row
            let kept = rows.first { $0.way == "curl, kept alive" && $0.parallel == row.parallel } ?? row
            func ratio(_ value: Double, _ base: Double) -> String { String(format: "%.2fx", value / base) }
            say(
                "| \(row.way) | \(row.parallel) | \(row.turns) | \(row.ok) | \(format(row.wall)) | \(ratio(row.wall, curl.wall)) | "
                    + "\(ratio(row.wall, kept.wall)) | \(format(row.cpu)) | \(ratio(row.cpu, curl.cpu)) | \(ratio(row.cpu, kept.cpu)) | "
                    + "\(format(row.serverCPU)) |")
        }
        say("\n`parley run` of 1 turn (start-up, planning, reports): wall \(format(single.wall)), CPU \(format(single.cpu))")
        say("load average after: \(loadAverage())")
    }

    /// xargs runs one curl per line of `numbers`, `parallel` at once; each prints its status and
    /// the bytes it read.
    static func curlArguments(url: String, numbers: String, parallel: Int) -> [String] {
        [
            "-a", numbers, "-P", String(parallel), "-I{}",
            "/usr/bin/curl", "-sN", "-X", "POST", "-H", "Content-Type: application/json", "-H", "Accept: text/event-stream",
            "--data-binary", body(turn: "{}"), "-o", "/dev/null", "-w", "%{http_code} %{size_download}\n", url,
        ]
    }

    /// The RunAgentInput of one turn, in the shape the agui connector sends, with a thread of its own.
    static func body(turn: String) -> String {
        let thread = "one-turn.flow.yaml-\(turn)#c0ffee00"
        return #"{"threadId":"\#(thread)","runId":"\#(thread)-run-1","state":{},"#
            + #""messages":[{"id":"\#(thread)/user-1","role":"user","content":"ping"}],"#
            + #""tools":[],"context":[],"forwardedProps":{},"protocolVersion":"1.0"}"#
    }

    /// One curl config per worker, its share of the turns as transfers joined by `next`, so one
    /// curl process makes them all over one kept-alive connection, as `parley run` does; returns
    /// the file that lists the configs, one a line, for xargs.
    static func keepAliveConfigs(folder: URL, url: String, turns: Int, parallel: Int) throws -> String {
        var paths: [String] = []
        for worker in 0..<parallel {
            let transfers = stride(from: worker + 1, through: turns, by: parallel).map { turn in
                let quoted = body(turn: "k\(turn)").replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                return """
                    url = "\(url)"
                    silent
                    no-buffer
                    request = "POST"
                    header = "Content-Type: application/json"
                    header = "Accept: text/event-stream"
                    data-binary = "\(quoted)"
                    output = "/dev/null"
                    write-out = "%{http_code} %{size_download} %{num_connects}\\n"

                    """
            }
            let path = folder.appendingPathComponent("keep-alive-\(parallel)-\(worker).curlrc").path
            try transfers.joined(separator: "next\n").write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let list = folder.appendingPathComponent("keep-alive-\(parallel).txt").path
        try (paths.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
        return list
    }

    /// User and system CPU of every child waited for so far, in seconds.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").prefix(3).joined(separator: " ")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func format(_ seconds: Double) -> String {
        String(format: "%.2f s", seconds)
    }

    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
