import Foundation
import ParleyCore
import ParleyTesting

/// A `parley` process a test talks to while it runs: read its output up to a mark, send it a
/// signal or close its standard output, then collect the rest and its exit. Its reads and its wait
/// for the exit block a thread of their own (``DedicatedThread``), never the concurrency pool's;
/// one test drives a run at a time, so the unchecked Sendable holds.
final class LiveRun: @unchecked Sendable {
    let process = Process()
    private let stdout = Pipe()
    private let stderr = Pipe()
    /// Standard output read so far.
    private(set) var output = ""
    /// Standard error read so far.
    private(set) var errors = ""

    /// Starts `executable arguments` in `directory`.
    init(_ executable: URL, _ arguments: [String], in directory: URL) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
    }

    /// Reads standard output until it holds `mark` (or ends).
    func readOutput(until mark: String) async {
        await DedicatedThread.run { [self] in Self.read(stdout, into: &output, until: mark) }
    }

    /// Reads standard output until `mark` occurs `count` times (or it ends).
    func readOutput(until mark: String, count: Int) async {
        await DedicatedThread.run { [self] in
            while output.components(separatedBy: mark).count - 1 < count {
                let chunk = stdout.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                output += String(decoding: chunk, as: UTF8.self)
            }
        }
    }

    /// Kills the process (SIGKILL) if it is still running after `limit`, so a test that waits on
    /// its output fails instead of hanging when the output never comes.
    func killIfRunning(after limit: Duration) {
        let process = process
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(limit.components.seconds))) {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// Reads standard error until it holds `mark` (or ends).
    func readErrors(until mark: String) async {
        await DedicatedThread.run { [self] in Self.read(stderr, into: &errors, until: mark) }
    }

    /// Closes the reading end of standard output, as `head` does after its lines.
    func closeOutput() throws {
        try stdout.fileHandleForReading.close()
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Reads what is left of both streams (standard output unless closed) and waits for the exit.
    /// - Returns: the exit status, or nil when a signal ended the process.
    @discardableResult
    func finish(outputClosed: Bool = false) async -> Int32? {
        await DedicatedThread.run { [self] in
            if !outputClosed { output += String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
            errors += String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return process.terminationReason == .exit ? process.terminationStatus : nil
        }
    }

    private static func read(_ pipe: Pipe, into text: inout String, until mark: String) {
        while !text.contains(mark) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { return }
            text += String(decoding: chunk, as: UTF8.self)
        }
    }
}
