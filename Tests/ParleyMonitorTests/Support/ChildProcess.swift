import Foundation
import ParleyTesting

/// A program the web tests start (Debian's `prometheus`, `chromium`): its output in files (no pipe
/// can fill and stall it), its exit awaited without holding a thread of the concurrency pool (the
/// in-process server answers it from there), and stopped by its PID.
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    let folder: URL
    let stdout: URL
    let stderr: URL
    private let exited: AsyncStream<Void>

    /// Starts `path`; a missing program fails the test with what installs it (it is never skipped).
    init(_ path: String, _ arguments: [String], installedBy package: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ChildProcessError("\(path) is missing: scripts/test installs Debian's \(package)")
        }
        folder = try ProjectPaths.temporaryFolder()
        stdout = folder.appendingPathComponent("stdout")
        stderr = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: stdout.path, contents: nil)
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        exited = stream
        process.terminationHandler = { _ in continuation.finish() }
        try process.run()
    }

    /// The output files go with the process: a test reads them while it holds it.
    deinit {
        try? FileManager.default.removeItem(at: folder)
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
        (try? String(contentsOf: stdout, encoding: .utf8)) ?? ""
    }

    /// The end of what it wrote on standard error, for failure messages.
    func log() -> String {
        String(((try? String(contentsOf: stderr, encoding: .utf8)) ?? "").suffix(2000))
    }
}

struct ChildProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
