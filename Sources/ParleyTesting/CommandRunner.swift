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

    private func runBlocking(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Drain both pipes while the process runs, so a chatty program cannot fill one and stall.
        // Standard output on a thread of its own too: on Linux the global dispatch queue keeps
        // about one thread per core and adds one a second while they are blocked, so with dozens
        // of tests running programs at once a reader queued there waited its turn for tens of
        // seconds (every CLI test then ended 35 s or more after it started).
        let captured = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        captured.enter()
        Thread.detachNewThread {
            outData = stdout.fileHandleForReading.readDataToEndOfFile()
            captured.leave()
        }
        errData = stderr.fileHandleForReading.readDataToEndOfFile()
        captured.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
