import Foundation
import ParleyTesting

/// A program the web tests start (Debian's `prometheus`, `chromium`): its output in files (no pipe
/// can fill and stall it), its exit awaited without holding a thread of the concurrency pool (the
/// in-process server answers it from there), and stopped by its PID.
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    let files: OutputFiles
    private let exited: AsyncStream<Void>

    /// Starts `path`; a missing program fails the test with what installs it (it is never skipped).
    init(_ path: String, _ arguments: [String], installedBy package: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ChildProcessError("\(path) is missing: scripts/test installs Debian's \(package)")
        }
        files = try OutputFiles()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        // The process holds the handles for as long as it lives.
        _ = try files.attach(to: process)
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        exited = stream
        process.terminationHandler = { _ in continuation.finish() }
        try process.run()
    }

    /// The output files go with the process: a test reads them while it holds it.
    deinit {
        files.remove()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// Waits for the program to exit by itself; after `timeout` it is killed and this throws.
    func exit(within timeout: Duration) async throws -> Int32 {
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask { [exited] in
                for await _ in exited {}
                return true
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        guard finished else {
            stop()
            throw ChildProcessError("\(process.executableURL?.lastPathComponent ?? "program") did not finish within \(timeout): \(log())")
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// SIGKILL by PID: a child spawned from a test thread inherits its blocked signal mask, so
    /// SIGTERM could be ignored. Waits for the exit.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// What it printed on standard output.
    func output() -> String {
        files.output()
    }

    /// The end of what it wrote on standard error, for failure messages.
    func log() -> String {
        String(files.errors().suffix(2000))
    }
}

struct ChildProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
