import Foundation
import ParleyCore
import ParleyTesting

/// A program the web tests start (Debian's `prometheus`, `chromium`): its output in files (no pipe
/// can fill and stall it), its exit awaited without holding a thread of the concurrency pool (the
/// in-process server answers it from there), and stopped by its PID.
final class ChildProcess: Sendable {
    let process: SpawnedProcess
    let files: OutputFiles
    private let name: String

    /// Starts `path`; a missing program fails the test with what installs it (it is never skipped).
    init(_ path: String, _ arguments: [String], installedBy package: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ChildProcessError("\(path) is missing: scripts/test installs Debian's \(package)")
        }
        files = try OutputFiles()
        name = URL(fileURLWithPath: path).lastPathComponent
        process = try SpawnedProcess(
            executable: URL(fileURLWithPath: path), arguments: arguments, stdout: files.stdout, stderr: files.stderr)
    }

    /// The output files go with the process: a test reads them while it holds it.
    deinit {
        files.remove()
    }

    var pid: Int32 { process.pid }
    var isRunning: Bool { process.isRunning }

    /// Waits for the program to exit by itself; after `timeout` it is killed and this throws.
    func exit(within timeout: Duration) async throws -> Int32 {
        let status = await withTaskGroup(of: Int32?.self) { [process] group in
            // The wait blocks a thread of its own (see DedicatedThread); the kill below ends it.
            group.addTask { await DedicatedThread.run { process.waitUntilExit() } }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            if first == nil { process.send(SIGKILL) }
            group.cancelAll()
            return first
        }
        guard let status else {
            stop()
            throw ChildProcessError("\(name) did not finish within \(timeout): \(log())")
        }
        return status
    }

    /// SIGKILL by PID; waits for the exit.
    func stop() {
        process.stop()
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
