import Foundation
import ParleyCore

/// A server process for end-to-end tests and benchmarks (`parley serve`, a Python fixture): started,
/// ready once it prints a line with its `http://` URL, stopped by its PID.
///
/// Its output goes to files, so no pipe can fill and stall it, and stays readable for failure
/// messages. It is a ``SpawnedProcess``: a server that lives as long as the test process (the
/// shared pydantic-ai peer) holds no other child's descriptor.
public final class ReadyServer: Sendable {
    /// The line that announced it.
    public let readyLine: String
    /// The URL in that line, as printed.
    public let url: String
    private let process: SpawnedProcess
    private let files: OutputFiles

    /// Starts `executable` and waits up to `timeout` for a line on stdout that contains an
    /// `http://` URL (and `marker`, when given).
    public init(
        executable: URL, arguments: [String], directory: URL? = nil, marker: String? = nil, timeout: Duration = .seconds(30)
    ) throws {
        files = try OutputFiles()
        process = try SpawnedProcess(
            executable: executable, arguments: arguments, directory: directory, stdout: files.stdout, stderr: files.stderr)
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var found: (line: String, url: String)?
        while found == nil, process.isRunning, clock.now < deadline {
            let text = files.output()
            let line = text.split(separator: "\n").first { $0.contains("http://") && (marker.map($0.contains) ?? true) }
            if let line, let url = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }) {
                found = (String(line), String(url))
            } else {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        guard let found else {
            let output = files.output()
            let errors = files.errors()
            process.stop()
            throw ReadyServerError(
                description:
                    "\(executable.lastPathComponent) printed no ready line within \(timeout): stdout \(output.debugDescription), stderr \(errors.debugDescription) (both kept in \(files.folder.path))")
        }
        readyLine = found.line
        url = found.url
    }

    /// The log folder goes with the server: a test reads the logs while it holds the server.
    /// A server that never announced itself keeps its folder, named in the error.
    deinit {
        files.remove()
    }

    /// A Python script run with the test virtualenv.
    public convenience init(python script: URL, arguments: [String] = []) throws {
        try self.init(executable: ProjectPaths.python, arguments: [script.path] + arguments)
    }

    /// Starts a server as ``init(executable:arguments:directory:marker:timeout:)`` does, waiting for
    /// its ready line on a thread of its own (see ``DedicatedThread``): what tests call, so a test
    /// waiting for its server holds none of the concurrency pool's threads.
    public static func start(
        executable: URL, arguments: [String], directory: URL? = nil, marker: String? = nil, timeout: Duration = .seconds(30)
    ) async throws -> ReadyServer {
        try await DedicatedThread.run {
            try ReadyServer(executable: executable, arguments: arguments, directory: directory, marker: marker, timeout: timeout)
        }
    }

    /// A Python script run with the test virtualenv, started as ``start(executable:arguments:directory:marker:timeout:)`` does.
    public static func start(python script: URL, arguments: [String] = []) async throws -> ReadyServer {
        try await start(executable: ProjectPaths.python, arguments: [script.path] + arguments)
    }

    /// The process id.
    public var pid: Int32 { process.pid }

    /// What the server wrote to stderr so far, for failure messages.
    public func log() -> String {
        files.errors()
    }

    /// Sends `signal` (SIGKILL unless told) and waits for the exit; returns the exit status, or
    /// 128 + the signal that ended it.
    @discardableResult
    public func stop(with signal: Int32 = SIGKILL) -> Int32 {
        process.stop(with: signal)
    }
}

/// A server that did not announce itself.
public struct ReadyServerError: Error, CustomStringConvertible {
    public var description: String
}
