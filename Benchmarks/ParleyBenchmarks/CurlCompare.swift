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
/// its own on both sides, as `parley run` makes one per flow run. curl sends them three ways
/// (`CurlTurns`); CPU is the user and system time of every process of a way, from
/// `RUSAGE_CHILDREN` around the one program that runs them all. AsyncHTTPClient alone
/// (`ClientTurns`) sends them too: the least a client on Parley's HTTP stack costs.
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
        let curls = CurlTurns(url: serve.url, folder: folder)
        guard let bytes = try curls.answerBytes() else {
            say("curl got no full answer from \(serve.url):\n\(serve.log().suffix(2000))")
            return
        }
        // One padded number a line, for xargs to put in each turn's thread id.
        func numbers(_ count: Int) throws -> String {
            let path = folder.appendingPathComponent("turns-\(count).txt").path
            try (1...count).map(CurlTurns.padded).joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

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
        /// Runs `program` as one way of sending the turns; its output is curl's `writeOut` lines.
        func curl(_ way: String, _ tag: String, _ parallel: Int, _ count: Int, _ program: String, _ arguments: [String]) throws -> Row {
            let output = folder.appendingPathComponent("\(tag).out").path
            return try measured(way, parallel, count) {
                // Errors apart: curl's parallel progress meter would cut into the lines it prints.
                let child = try ChildProcess.run(program, arguments, output: output, errors: output + ".errors")
                let (full, connections) = CurlTurns.tally(output, bytes: bytes)
                say("\(way), parallel \(parallel): exit \(child.status), \(full) full answers of \(bytes) bytes, \(connections) connections")
                return full
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
                // Exit 0: every run passed, so every reply came (the flow expects it).
                return child.status == 0 ? count : 0
            }
        }

        /// The same turns sent by AsyncHTTPClient alone (`ClientTurns`), this program run again.
        func clientAlone(_ tag: String, _ parallel: Int, _ count: Int) throws -> Row {
            let output = folder.appendingPathComponent("\(tag).out").path
            let arguments = ["client-turns", serve.url, tag, String(count), String(parallel), String(bytes)]
            return try measured("AsyncHTTPClient alone", parallel, count) {
                let child = try ChildProcess.run(CommandLine.arguments[0], arguments, output: output)
                let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                let full = text.split(separator: "\n").last.flatMap { $0.hasPrefix("full ") ? Int($0.dropFirst(5)) : nil } ?? 0
                say("AsyncHTTPClient alone, parallel \(parallel): exit \(child.status), \(full) full answers of \(bytes) bytes")
                return full
            }
        }

        let loadBefore = loadAverage()
        // Warm both up once (page cache, the server's first threads), unmeasured.
        _ = try curl("curl", "wm01", 1, 20, "/usr/bin/xargs", curls.processPerTurn(tag: "wm01", numbers: try numbers(20), parallel: 1))
        _ = try parleyRun(1, 20)
        _ = try clientAlone("wm02", 1, 20)
        // Start-up and planning: `parley run` of one turn, to say how much of its wall time is fixed.
        let single = try parleyRun(1, 1)

        var rows: [Row] = []
        for parallel in parallels {
            let digits = String(format: "%02d", parallel % 100)
            let perTurn = curls.processPerTurn(tag: "xa\(digits)", numbers: try numbers(turns), parallel: parallel)
            rows.append(try curl("curl", "xa\(digits)", parallel, turns, "/usr/bin/xargs", perTurn))
            let list = try curls.workerConfigs(tag: "kw\(digits)", turns: turns, parallel: parallel)
            rows.append(
                try curl("curl, a process per worker, kept alive", "kw\(digits)", parallel, turns, "/usr/bin/xargs",
                    ["-a", list, "-P", String(parallel), "-I", "CONFIG", "/usr/bin/curl", "-K", "CONFIG"]))
            let config = folder.appendingPathComponent("op\(digits).curlrc").path
            try curls.config(tag: "op\(digits)", turns: Array(1...turns)).write(toFile: config, atomically: true, encoding: .utf8)
            // `--parallel` (-Z) runs up to `--parallel-max` transfers at once in the one process; `-s`
            // keeps its progress meter out of the output.
            rows.append(
                try curl("curl, one process", "op\(digits)", parallel, turns, "/usr/bin/curl",
                    ["-s"] + (parallel > 1 ? ["-Z", "--parallel-max", String(parallel)] : []) + ["-K", config]))
            rows.append(try clientAlone("hc\(digits)", parallel, turns))
            rows.append(try parleyRun(parallel, turns))
        }
        say("\n\(turns) AG-UI turns against `parley serve` at \(serve.url), load average before: \(loadBefore)\n")
        say("| way | parallel | turns | ok | wall | ÷ curl | ÷ curl, one process | CPU | ÷ curl | ÷ curl, one process | `parley serve` CPU |")
        say("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for row in rows {
            let curl = rows.first { $0.way == "curl" && $0.parallel == row.parallel } ?? row
            let one = rows.first { $0.way == "curl, one process" && $0.parallel == row.parallel } ?? row
            func ratio(_ value: Double, _ base: Double) -> String { String(format: "%.2fx", value / base) }
            say(
                "| \(row.way) | \(row.parallel) | \(row.turns) | \(row.ok) | \(format(row.wall)) | \(ratio(row.wall, curl.wall)) | "
                    + "\(ratio(row.wall, one.wall)) | \(format(row.cpu)) | \(ratio(row.cpu, curl.cpu)) | \(ratio(row.cpu, one.cpu)) | "
                    + "\(format(row.serverCPU)) |")
        }
        say("\n`parley run` of 1 turn (start-up, planning, reports): wall \(format(single.wall)), CPU \(format(single.cpu))")
        say("load average after: \(loadAverage())")
    }

    /// User and system CPU of every child waited for so far, in seconds.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
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
