import Foundation
import ParleyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running program fed through a `StdinFeed`, its standard error kept by a `StderrTail`, its
/// exit watched by Foundation's own thread. Nothing here blocks a task: every wait is on a thread
/// of its own or on the run's clock.
final class ChildProcess: @unchecked Sendable {
    /// The program's input.
    let input: StdinFeed
    /// The end of what it wrote to standard error.
    let stderr: StderrTail
    /// Its process id, which is also its process group's.
    let pid: Int32
    private let exit: OneShot<ExitStatus>
    // Kept for the life of the program: Foundation's watch on it ends with the process.
    private let process: Process

    private init(process: Process, input: StdinFeed, stderr: StderrTail, exit: OneShot<ExitStatus>) {
        self.process = process
        self.input = input
        self.stderr = stderr
        self.exit = exit
        pid = process.processIdentifier
    }

    /// Starts `executable` in `directory` with `arguments` and `environment` (the whole of it);
    /// its standard output is discarded. Throws the reason it could not start, as text.
    static func start(
        executable: URL, arguments: [String], environment: [String: String], directory: URL, bufferLines: Int, bufferBytes: Int,
        clock: any MonotonicClock
    ) async throws(StartFailure) -> ChildProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        let stdin = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        let exit = OneShot<ExitStatus>()
        process.terminationHandler = { process in
            switch process.terminationReason {
            case .exit: exit.fire(.exited(process.terminationStatus))
            case .uncaughtSignal: exit.fire(.signaled(process.terminationStatus))
            @unknown default: exit.fire(.exited(process.terminationStatus))
            }
        }
        let started = OneShot<String?>()
        let box = ProcessBox(process)
        // The program inherits the signal mask of the thread that spawns it; a test runner's
        // threads may block SIGTERM, so spawn from a thread that blocks nothing.
        let thread = Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do {
                try box.process.run()
                started.fire(nil)
            } catch {
                started.fire(Self.reason(error))
            }
        }
        thread.name = "parley exec spawn"
        thread.start()
        if let failure = await started.wait(until: nil, clock: clock) ?? "the spawn was cancelled" {
            throw StartFailure(reason: failure)
        }
        let child = ChildProcess(
            process: process, input: StdinFeed(handle: stdin.fileHandleForWriting, maxLines: bufferLines, maxBytes: bufferBytes),
            stderr: StderrTail(handle: stderr.fileHandleForReading), exit: exit)
        return child
    }

    /// How it ended; nil while it runs.
    var status: ExitStatus? { exit.current }

    /// How it ended, waiting until the clock reads `deadline` (for ever when nil); nil when it still runs then.
    func waitForExit(until deadline: Duration?, clock: any MonotonicClock) async -> ExitStatus? {
        await exit.wait(until: deadline, clock: clock)
    }

    /// Sends `signal` to the program's process group (the program and whatever it started), while it runs.
    func send(_ signal: Int32) {
        guard status == nil else { return }
        kill(-pid, signal)
    }

    /// Why the program could not start.
    struct StartFailure: Error {
        var reason: String
    }

    /// Foundation's reason, without its wrapping: `The file doesn't exist.`, or the POSIX error.
    private static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}

/// Hands a `Process` to the thread that starts it.
private final class ProcessBox: @unchecked Sendable {
    let process: Process

    init(_ process: Process) {
        self.process = process
    }
}
