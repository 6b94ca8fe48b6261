import Foundation
import ParleyCore
import ParleyExec
import ParleyModel
import ParleyTesting
import Testing

/// A program that exits, stops reading, hangs or fails never holds up the run: the run finishes,
/// and the plugin's failure says what the program did, with its exit status and its stderr.
@Suite("exec plugin: isolation")
struct ExecIsolationTests {
    /// A shell program with a short flush deadline and grace, so a hang costs the test little.
    static func shell(
        _ script: String, flush: Duration = .milliseconds(200), bufferLines: Int = 10_000, grace: Duration = .milliseconds(200)
    ) -> ExecPlugin.Options {
        ExecPlugin.Options(command: "/bin/sh", args: ["-c", script], flush: flush, bufferLines: bufferLines, termGrace: grace)
    }

    @Test("a program that exits at once fails the plugin with its status; writing to it after does not end this process")
    func exitsAtOnce() async throws {
        let run = try ExecRun()
        // Far more than a pipe holds: the writes after the program is gone fail with EPIPE.
        let events = ExecRun.chattyEvents(count: 300)
        // The plugin waits up to its grace for the exit to be reported once the pipe breaks; a
        // loaded machine reports it late, and the wait ends as soon as it comes.
        let summary = await ExecRun.run(run.plugin(Self.shell("exit 0", grace: .seconds(10))), events: events)
        let failures = ExecRun.failures(summary)
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("exec: /bin/sh exited with status 0 before the run's events ended (") == true, "\(failures)")
        #expect(failures.first?.contains(" lines reached its standard input)") == true, "\(failures)")
    }

    @Test("a program that closes its standard input and runs on: writing to it fails with EPIPE, which does not end this process, and the plugin fails")
    func closesItsInput() async throws {
        let run = try ExecRun()
        // Still running when the writes fail, so they fail for want of a reader, not because it
        // exited. Far more than a pipe holds: twenty lines fitted in it whole when the writer won
        // the race with the shell's close, and the program then read as one that would not exit.
        let summary = await ExecRun.run(run.plugin(Self.shell("exec 0<&-; sleep 600")), events: ExecRun.chattyEvents(count: 300))
        let failures = ExecRun.failures(summary)
        #expect(failures.count == 1)
        let failure = try #require(failures.first)
        let prefix = "exec: /bin/sh stopped reading its standard input before the run's events ended ("
        #expect(failure.hasPrefix(prefix), "\(failure)")
        // "(W of S lines reached its standard input)": some lines never did.
        let counts = failure.dropFirst(prefix.count).prefix { $0 != ")" }.split(separator: " ")
        #expect(counts.count == 8 && counts[1] == "of", "\(failure)")
        let (written, sent) = (Int(counts.first ?? "") ?? -1, Int(counts.dropFirst(2).first ?? "") ?? -1)
        #expect(written >= 0 && written < sent, "\(failure)")
    }

    @Test("a program that never reads: the run finishes, the plugin fails saying how far behind it was, and the program is stopped")
    func neverReads() async throws {
        let run = try ExecRun()
        let events = ExecRun.chattyEvents(count: 2000)
        let summary = await ExecRun.run(run.plugin(Self.shell(#"echo $$ > pid; exec sleep 60"#, bufferLines: 50)), events: events)
        let failures = ExecRun.failures(summary)
        #expect(failures.count == 1)
        let failure = try #require(failures.first)
        #expect(failure.hasPrefix("exec: /bin/sh fell behind: 50 events ("), "\(failure)")
        #expect(failure.contains(" kB) were waiting for it to read its standard input, after "), "\(failure)")
        #expect(failure.hasSuffix(" had been written to it; it gets no more events"), "\(failure)")
        // It got the flush deadline at the end, then SIGTERM.
        #expect(!ExecRun.exists(try run.pid("pid")))
    }

    @Test("a program that reads everything but does not exit gets SIGTERM after the flush deadline")
    func hangsAtTheEnd() async throws {
        let run = try ExecRun()
        // A second, so a busy machine starts the script and reaches the sleep well within it.
        let script = #"cat > /dev/null; echo "still here" >&2; echo $$ > pid; exec sleep 60"#
        let summary = await ExecRun.run(run.plugin(Self.shell(script, flush: .seconds(1))))
        #expect(
            ExecRun.failures(summary) == [
                "exec: /bin/sh did not exit within the flush deadline (1s) after its input ended; stopped with SIGTERM; stderr: still here"
            ])
        #expect(!ExecRun.exists(try run.pid("pid")))
    }

    @Test("a program that ignores SIGTERM is killed with SIGKILL after the grace")
    func ignoresSIGTERM() async throws {
        let run = try ExecRun()
        let script = ExecRun.fixtures.appendingPathComponent("hang_at_end.py").path
        // Two seconds, so Python has started and set SIGTERM aside well before the deadline.
        var options = ExecPlugin.Options(command: ProjectPaths.python.path, args: [script, "pid"], flush: .seconds(2))
        options.termGrace = .milliseconds(300)
        let summary = await ExecRun.run(run.plugin(options))
        #expect(
            ExecRun.failures(summary) == [
                "exec: \(ProjectPaths.python.path) did not exit within the flush deadline (2s) after its input ended; "
                    + "SIGTERM did not stop it within 300ms, so it was killed with SIGKILL; stderr: input ended; not exiting"
            ])
        #expect(!ExecRun.exists(try run.pid("pid")))
    }

    @Test("a program that exits 3 fails the plugin with its status and its stderr, control characters spelled out")
    func exitsNonZero() async throws {
        let run = try ExecRun()
        let script = #"cat > /dev/null; printf 'cannot reach the dashboard\n\033[31mHTTP 503\033[0m\n' >&2; exit 3"#
        let summary = await ExecRun.run(run.plugin(Self.shell(script, flush: .seconds(10))))
        #expect(
            ExecRun.failures(summary) == [
                #"exec: /bin/sh exited with status 3; stderr: cannot reach the dashboard\n\e[31mHTTP 503\e[0m"#
            ])
    }

    @Test("a secret is masked in the lines the program reads and in the stderr its failure quotes")
    func secretsMasked() async throws {
        let run = try ExecRun()
        let secret = "s3cr3t-T0KEN-4711"
        let flow = SampleRun.order
        let events = [
            PluginEvent(time: .zero, flow: nil, kind: .runStarted([flow])), PluginEvent(time: .zero, flow: flow, kind: .flowStarted),
            PluginEvent(time: .milliseconds(5), flow: flow, kind: .log("calling with \(secret)")),
        ]
        // The program has the secret itself, as `env: { TOKEN: "${secret.TOKEN}" }` gives it, and prints it.
        var options = Self.shell(#"cat > events.jsonl; echo "token $TOKEN rejected" >&2; exit 3"#, flush: .seconds(10))
        options.env = ["TOKEN": secret]
        let summary = await ExecRun.run(run.plugin(options), events: events, secrets: SecretRegistry(secrets: [secret]))
        let failure = try #require(ExecRun.failures(summary).first)
        #expect(failure.hasPrefix("exec: /bin/sh exited with status 3; stderr: token ") && failure.hasSuffix(" rejected"), "\(failure)")
        #expect(!failure.contains(secret))
        let lines = try run.text("events.jsonl")
        #expect(lines.contains(#""type":"log""#) && !lines.contains(secret))
    }

    @Test("a program killed by a signal says which")
    func killedBySignal() async throws {
        let run = try ExecRun()
        let summary = await ExecRun.run(run.plugin(Self.shell(#"cat > /dev/null; kill -SEGV $$"#, flush: .seconds(10))))
        #expect(ExecRun.failures(summary) == ["exec: /bin/sh was killed by signal 11 (SIGSEGV)"])
    }

    @Test("only the end of a long stderr is kept: the message stays short and says it was cut")
    func longStderr() async throws {
        let run = try ExecRun()
        let script = #"cat > /dev/null; i=0; while [ $i -lt 2000 ]; do echo "line $i of noise" >&2; i=$((i+1)); done; exit 1"#
        let summary = await ExecRun.run(run.plugin(Self.shell(script, flush: .seconds(10))))
        let failure = try #require(ExecRun.failures(summary).first)
        #expect(failure.hasPrefix("exec: /bin/sh exited with status 1; stderr: …"), "\(failure)")
        #expect(failure.hasSuffix(#"line 1998 of noise\nline 1999 of noise"#))
        #expect(failure.count < 1200)
    }

    @Test("a program that cannot start fails the plugin, which then gets nothing more; the run finishes")
    func cannotStart() async throws {
        let run = try ExecRun()
        let missing = await ExecRun.run(run.plugin(ExecPlugin.Options(command: "plugins/notify.py")))
        #expect(
            ExecRun.failures(missing) == ["exec: cannot start plugins/notify.py: no such file: \(run.folder.standardizedFileURL.path)/plugins/notify.py"])
        let unknown = await ExecRun.run(run.plugin(ExecPlugin.Options(command: "parley-no-such-program")))
        #expect(ExecRun.failures(unknown) == ["exec: cannot start parley-no-such-program: no program named parley-no-such-program on PATH"])
        try "not a program".write(to: run.folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let notExecutable = await ExecRun.run(run.plugin(ExecPlugin.Options(command: "./notes.txt")))
        #expect(
            ExecRun.failures(notExecutable) == ["exec: cannot start ./notes.txt: \(run.folder.standardizedFileURL.path)/notes.txt is not an executable file"])
    }
}
