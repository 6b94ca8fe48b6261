import Foundation
import ParleyTesting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every way out of `parley run` writes the reports: a reader that goes away, SIGINT, SIGTERM and
/// SIGHUP, a report that cannot be written, a full disk and a read-only folder (README, "Exit codes").
@Suite("parley run: every way out writes the reports", .serialized)
struct RunExitTests {
    let executable = ProjectPaths.product("parley")

    /// The project's JSON report and JUnit XML, parsed: both must be whole.
    static func reports(_ folder: URL) throws -> (json: [String: Any], junit: XMLDocument) {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json")))
        let junit = try XMLDocument(data: Data(contentsOf: folder.appendingPathComponent("junit.xml")), options: [])
        return (try #require(json as? [String: Any]), junit)
    }

    /// Every line of every transcript under `folder`, parsed; a transcript must end with a whole line.
    static func transcriptLines(_ folder: URL) throws -> [String: [[String: Any]]] {
        var lines: [String: [[String: Any]]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".jsonl") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(data.isEmpty || data.last == 0x0A, "\(name) ends mid-line")
            lines[name] = try data.split(separator: 0x0A).map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any], "\(name): \(String(decoding: line, as: UTF8.self))")
            }
        }
        return lines
    }

    /// Runs `mount` with `arguments`; the tests run as root with CAP_SYS_ADMIN, as CI does.
    static func mount(_ arguments: [String]) async throws {
        let output = try await CommandRunner(executable: URL(fileURLWithPath: "/bin/mount")).run(arguments)
        try #require(output.status == 0, "mount \(arguments.joined(separator: " ")): \(output.stderr)")
    }

    /// Synchronous, for `defer`: umount returns at once.
    static func unmount(_ folder: URL) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [folder.path]
        umount.standardInput = FileHandle.nullDevice
        umount.standardOutput = FileHandle.nullDevice
        umount.standardError = FileHandle.nullDevice
        guard (try? umount.run()) != nil else { return }
        umount.waitUntilExit()
    }

    @Test("stdout closed after the first line (parley run | head -1): the run goes on, exit 1 for its failed flows, reports whole")
    func closedStdout() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/failing")
        let run = try LiveRun(executable, ["run", "."], in: project)
        await run.readOutput(until: "\n")
        // The reader goes away, as head does after its first line; four flows and the summary are still to come.
        try run.closeOutput()
        let status = await run.finish(outputClosed: true)
        let errors = run.errors
        #expect(run.output.hasPrefix("[1/5] "), "\(run.output)")
        #expect(status == 1, "stderr: \(errors)")
        #expect(!errors.contains("standard output failed"), "a reader that left is not an error: \(errors)")
        let (json, junit) = try Self.reports(project.appendingPathComponent("reports"))
        #expect((json["counts"] as? [String: Any])?["total"] as? Int == 5)
        #expect((json["counts"] as? [String: Any])?["failed"] as? Int == 4)
        #expect(junit.rootElement()?.attribute(forName: "tests")?.stringValue == "5")
        let transcripts = try Self.transcriptLines(project.appendingPathComponent("reports/transcripts"))
        #expect(transcripts.count == 5)
        #expect(transcripts.values.allSatisfy { $0.last?["type"] as? String == "flow_finished" })
    }

    @Test("stdout on a full disk (/dev/full): the console stops, standard error says why, the run and its reports are whole")
    func fullStdout() throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/failing")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["run", "."]
        process.currentDirectoryURL = project
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        let stderr = Pipe()
        process.standardOutput = full
        process.standardError = stderr
        try process.run()
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "stderr: \(errors)")
        #expect(errors.contains("parley: standard output failed (No space left on device); the console stopped there"), "\(errors)")
        let (json, _) = try Self.reports(project.appendingPathComponent("reports"))
        #expect((json["counts"] as? [String: Any])?["total"] as? Int == 5)
    }

    @Test(
        "SIGINT, SIGTERM and SIGHUP stop the run with 128 + the signal's number and leave whole reports",
        arguments: zip([SIGINT, SIGTERM, SIGHUP], [Int32(130), 143, 129]))
    func signal(_ signal: Int32, status: Int32) async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/interrupt")
        let run = try LiveRun(executable, ["run", "."], in: project)
        // Signal once the first flow has finished and the second waits its 60 s.
        await run.readOutput(until: "[1/2]")
        // "[1/2]" comes before the second flow starts; its transcript's file says it has.
        try await RunFixtures.waitFor(project.appendingPathComponent("reports/transcripts/2-slow.jsonl"))
        run.signal(signal)
        let exit = await run.finish()
        let (seen, errors) = (run.output, run.errors)
        #expect(exit == status, "stdout: \(seen)\nstderr: \(errors)")
        #expect(errors.contains("finishing reports (Ctrl-C again to quit at once)"), "\(errors)")
        #expect(seen.contains("2 flows: 1 passed, 0 flaky, 0 failed, 1 skipped"), "\(seen)")
        let (json, junit) = try Self.reports(project.appendingPathComponent("reports"))
        #expect(json["interrupted"] as? Bool == true)
        #expect((json["counts"] as? [String: Any])?["skipped"] as? Int == 1)
        #expect(junit.rootElement()?.attribute(forName: "tests")?.stringValue == "2")
        let transcripts = try Self.transcriptLines(project.appendingPathComponent("reports/transcripts"))
        #expect(Set(transcripts.keys) == ["1-quick.jsonl", "2-slow.jsonl"])
        #expect(transcripts["2-slow.jsonl"]?.first?["type"] as? String == "flow_started")
    }

    @Test("a second signal while a plugin hangs (a transcript path that is a FIFO nobody reads) quits at once with its own code")
    func secondSignal() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/interrupt")
        try """
        agents:
          echo: { connector: simulator, script: ../failing/agents/echo.agent.yaml }
        defaults: { agent: echo, timeout: 2s }
        plugins:
          - log: { level: info }
          - files: { dir: reports, transcripts: true }

        """.write(to: project.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        // Opening a FIFO for writing blocks until a reader comes: the files plugin hangs on it, and
        // the run's end waits for the plugin, as it must for a report still being written.
        let transcripts = project.appendingPathComponent("reports/transcripts")
        try FileManager.default.createDirectory(at: transcripts, withIntermediateDirectories: true)
        #expect(mkfifo(transcripts.appendingPathComponent("1-quick.jsonl").path, 0o644) == 0)
        let run = try LiveRun(executable, ["run", "1-quick.flow.yaml"], in: project)
        // The flow is done (its line is out); the run's end waits on the hanging plugin.
        await run.readOutput(until: "[1/1]")
        run.signal(SIGINT)
        await run.readErrors(until: "finishing reports")
        run.signal(SIGTERM)
        let status = await run.finish()
        // The plugin never returns: only the second signal can end the run, with SIGTERM's code.
        #expect(status == 143, "stdout: \(run.output)\nstderr: \(run.errors)")
    }

    @Test("a report that cannot be written: exit 3, it is named, and the other reports are whole")
    func oneReportUnwritable() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/failing")
        try Data("a file where a folder should be\n".utf8).write(to: project.appendingPathComponent("blocked"))
        let output = try await CommandRunner(executable: executable, directory: project)
            .run(["run", ".", "--junit", "blocked/junit.xml", "--json", "out/report.json", "--transcripts", "out/transcripts"])
        #expect(output.status == 3, "stderr: \(output.stderr)")
        #expect(output.stderr.contains("plugin failed: files: cannot write \(project.path)/blocked/junit.xml: cannot create folder \(project.path)/blocked: a file is in the way"), "\(output.stderr)")
        #expect(output.stdout.contains("5 flows: 1 passed, 0 flaky, 4 failed, 0 skipped"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: project.appendingPathComponent("out/report.json"))) as? [String: Any]
        #expect((json?["flows"] as? [Any])?.count == 5)
        #expect(try Self.transcriptLines(project.appendingPathComponent("out/transcripts")).count == 5)
        // parley.yaml's own files plugin, in reports/, is unaffected.
        _ = try Self.reports(project.appendingPathComponent("reports"))
    }

    @Test("a full disk: exit 3, every file not written is named, and every transcript is whole lines or said to stop")
    func fullDisk() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/failing")
        let reports = project.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        try await Self.mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs", reports.path])
        defer { Self.unmount(reports) }
        // One 4 KiB page left: the first transcript gets part of its lines, then the disk is full.
        try Data(count: 60 * 1024).write(to: reports.appendingPathComponent("filler"))
        let output = try await CommandRunner(executable: executable, directory: project).run(["run", "."])
        #expect(output.status == 3, "stderr: \(output.stderr)")
        let failure = try #require(RunFixtures.lines(output.stderr, startingWith: "plugin failed: files: ").first)
        #expect(failure.hasPrefix("plugin failed: files: 7 files not written in full: "), "\(failure)")
        for report in ["junit.xml", "report.json"] {
            #expect(failure.contains("cannot write \(reports.path)/\(report): No space left on device"), "\(report): \(failure)")
        }
        let transcripts = try Self.transcriptLines(reports.appendingPathComponent("transcripts"))
        #expect(transcripts.count == 5)
        for (name, lines) in transcripts {
            let path = "\(reports.path)/transcripts/\(name)"
            if lines.isEmpty {
                #expect(failure.contains("cannot write \(path): No space left on device"), "\(name): \(failure)")
            } else {
                #expect(failure.contains("\(path) stops after line \(lines.count): No space left on device"), "\(name): \(failure)")
            }
        }
        #expect(transcripts.values.contains { !$0.isEmpty }, "one transcript got a page's worth of whole lines")
    }

    @Test("a read-only folder: exit 3, and each report and transcript is named")
    func readOnlyFolder() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/failing")
        let reports = project.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        try await Self.mount(["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", reports.path])
        defer { Self.unmount(reports) }
        let output = try await CommandRunner(executable: executable, directory: project).run(["run", "."])
        #expect(output.status == 3, "stderr: \(output.stderr)")
        let failure = try #require(RunFixtures.lines(output.stderr, startingWith: "plugin failed: files: ").first)
        let folderError = "cannot create folder \(reports.path)/transcripts: Read-only file system"
        let transcripts = ["01-wrong-reply", "02-tap-not-offered", "03-bad-form-value", "04-canary-secret", "05-passes"].map {
            "cannot write \(reports.path)/transcripts/\($0).jsonl: \(folderError)"
        }
        let expected = transcripts + ["junit.xml", "report.json"].map { "cannot write \(reports.path)/\($0): Read-only file system" }
        #expect(Set(failure.dropFirst("plugin failed: files: 7 files not written in full: ".count).components(separatedBy: "; ")) == Set(expected), "\(failure)")
        #expect(output.stdout.contains("5 flows: 1 passed, 0 flaky, 4 failed, 0 skipped"))
    }
}
