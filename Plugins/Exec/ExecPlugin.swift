import Foundation
import Logging
import ParleyCore
import ParleyModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built-in `exec` plugin: any program, in any language, gets the run's events as JSON lines on
/// its standard input (`EventLines`, docs/exec.md), ending with `run_finished`.
///
/// The program is isolated like any plugin: lines wait for it in a bounded buffer, so it never
/// holds up the run; one that falls too far behind, exits or stops reading before the run ends,
/// exits non-zero, or does not exit within the flush deadline once its input is closed (SIGTERM,
/// then SIGKILL) fails the plugin with its exit status and the end of its standard error.
public actor ExecPlugin: Plugin {
    /// `exec`.
    public nonisolated let name = "exec"
    /// The settings this plugin runs with.
    public nonisolated let options: Options
    /// What a relative `command` is taken from, and the program's working directory.
    public nonisolated let directory: URL

    private let logger: Logger
    private let clock: any MonotonicClock
    private var lines = EventLines()
    private var child: ChildProcess?
    /// Set once the plugin has failed: it gets no more events, and `finish` only stops the program.
    private var failed = false

    /// Creates the plugin; the program starts with the first event.
    /// - Parameters:
    ///   - options: the parsed settings.
    ///   - directory: the folder of parley.yaml: a relative `command` is taken from it, and the
    ///     program runs in it.
    ///   - logger: where the program's start and end are logged, at debug.
    ///   - clock: the clock of the flush deadline.
    public init(options: Options, directory: URL, logger: Logger, clock: any MonotonicClock = SystemClock()) {
        self.options = options
        self.directory = directory.standardizedFileURL
        self.logger = logger
        self.clock = clock
    }

    public func handle(_ event: PluginEvent) async throws {
        guard !failed else { return }
        let child = try await running()
        try await send(lines.line(for: event), to: child)
    }

    /// Sends `run_finished`, closes the program's input and gives it the flush deadline to exit.
    public func finish(_ summary: RunSummary) async throws {
        if failed {
            // Already reported: the program only needs stopping.
            if let child {
                child.input.drop()
                _ = await stop(child)
            }
            return
        }
        let child = try await running()
        do {
            try await send(EventLines.finished(summary), to: child)
        } catch {
            _ = await stop(child)
            throw error
        }
        child.input.end()
        try await settle(child)
    }

    /// The running program, started on first use.
    private func running() async throws -> ChildProcess {
        if let child { return child }
        var environment = ProcessInfo.processInfo.environment
        environment.merge(options.env) { _, new in new }
        do {
            let executable = try CommandPath.resolve(options.command, directory: directory, path: environment["PATH"]).get()
            do {
                let started = try await ChildProcess.start(
                    executable: executable, arguments: options.args, environment: environment, directory: directory,
                    bufferLines: options.bufferLines, bufferBytes: options.bufferBytes, clock: clock)
                logger.debug("exec: started \(options.command) (pid \(started.pid))")
                child = started
                return started
            } catch {
                throw ExecPluginError.cannotStart(options.command, error.reason)
            }
        } catch {
            failed = true
            throw error
        }
    }

    /// Queues `line` for the program; throws when it ended before the run did, has stopped
    /// reading, or is too far behind.
    private func send(_ line: JSONValue, to child: ChildProcess) async throws {
        if let status = child.status { throw await endedEarly(child, status) }
        switch child.input.push(Data((line.serialized() + "\n").utf8)) {
        case .queued:
            return
        case .behind(let waiting, let bytes):
            failed = true
            child.input.drop()
            throw ExecPluginError.behind(options.command, waiting: waiting, bytes: bytes, written: child.input.written)
        case .broken:
            // It closed its input: it is exiting, most likely; give it a moment to say how.
            let status = await child.waitForExit(until: clock.now + options.termGrace, clock: clock)
            throw await endedEarly(child, status)
        }
    }

    /// The failure of a program that exited, or stopped reading, before the run ended.
    private func endedEarly(_ child: ChildProcess, _ status: ExitStatus?) async -> ExecPluginError {
        failed = true
        child.input.drop()
        await child.stderr.waitForEnd(until: clock.now + options.termGrace, clock: clock)
        return .endedEarly(
            options.command, status?.description ?? "stopped reading its standard input", written: child.input.written,
            sent: child.input.queued, stderr: child.stderr.text)
    }

    /// Waits for the program to read its input and exit within the flush deadline; throws when it
    /// did not read it all, failed, or had to be stopped.
    private func settle(_ child: ChildProcess) async throws {
        guard let status = await child.waitForExit(until: clock.now + options.flush, clock: clock) else {
            let how = await stop(child, now: true)
            throw ExecPluginError.deadline(options.command, flush: options.flush, stoppedWith: how, stderr: child.stderr.text)
        }
        // The writer and the reader end with the program; wait for them so the counts and the text are whole.
        await child.input.waitClosed(until: clock.now + options.termGrace, clock: clock)
        await child.stderr.waitForEnd(until: clock.now + options.termGrace, clock: clock)
        logger.debug("exec: \(options.command) \(status)")
        let written = child.input.written
        let sent = child.input.queued
        if written < sent {
            throw ExecPluginError.endedEarly(options.command, status.description, written: written, sent: sent, stderr: child.stderr.text)
        }
        if !status.isSuccess { throw ExecPluginError.failed(options.command, status.description, stderr: child.stderr.text) }
    }

    /// Ends the program: after the flush deadline (at once when `now`), SIGTERM to its process
    /// group, then SIGKILL if it is still there after the grace. Says how it was stopped.
    private func stop(_ child: ChildProcess, now: Bool = false) async -> String {
        if !now, let status = await child.waitForExit(until: clock.now + options.flush, clock: clock) {
            await child.stderr.waitForEnd(until: clock.now + options.termGrace, clock: clock)
            return status.description
        }
        child.send(SIGTERM)
        if await child.waitForExit(until: clock.now + options.termGrace, clock: clock) != nil {
            await child.stderr.waitForEnd(until: clock.now + options.termGrace, clock: clock)
            return "stopped with SIGTERM"
        }
        child.send(SIGKILL)
        _ = await child.waitForExit(until: nil, clock: clock)
        await child.stderr.waitForEnd(until: clock.now + options.termGrace, clock: clock)
        return "SIGTERM did not stop it within \(options.termGrace.flowText), so it was killed with SIGKILL"
    }
}
