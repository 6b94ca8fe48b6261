import Foundation
import ParleyCore

/// Runs a program to completion and captures what it printed: the way end-to-end tests drive `parley`.
public struct CommandRunner: Sendable {
    /// What a finished program left behind.
    public struct Output: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var stdout: String
        /// Everything written to standard error.
        public var stderr: String
    }

    /// The program to run.
    public var executable: URL
    /// The working directory.
    public var directory: URL?
    /// Extra environment variables, on top of this process's.
    public var environment: [String: String]

    /// Creates a runner.
    public init(executable: URL, directory: URL? = nil, environment: [String: String] = [:]) {
        self.executable = executable
        self.directory = directory
        self.environment = environment
    }

    /// Runs the program with `arguments` and waits for it, on a thread of its own (see
    /// ``DedicatedThread``): the awaiting test holds none of the concurrency pool's threads.
    public func run(_ arguments: [String]) async throws -> Output {
        try await DedicatedThread.run { [self] in try runBlocking(arguments) }
    }

    /// Standard output and error go to files, read once the program has exited. With pipes, the
    /// test waited for their end-of-file, and a long-lived server another test started at that
    /// moment (the shared pydantic-ai peer) could inherit their write ends: the pipes then never
    /// ended and a fresh clone's CLI group hung with nine tests reading (2026-11-28). Foundation's
    /// `Process` has the same weakness in how it learns of the exit, so the program is a
    /// ``SpawnedProcess``. A file cannot fill and stall a chatty program either.
    private func runBlocking(_ arguments: [String]) throws -> Output {
        let files = try OutputFiles()
        defer { files.remove() }
        let process = try SpawnedProcess(
            executable: executable, arguments: arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new }, directory: directory,
            stdout: files.stdout, stderr: files.stderr)
        let status = process.waitUntilExit()
        return Output(status: status, stdout: files.output(), stderr: files.errors())
    }
}
