import Foundation
import ParleyTesting

/// Runs a program and awaits its exit without holding one of the test process's few shared
/// threads (CommandRunner blocks one): this target's in-process runs must not starve beside it.
enum ChildProcess {
    /// Runs `executable arguments` in `directory`; returns its exit status and what it printed
    /// (standard output, then standard error).
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) async throws -> (status: Int32, output: String) {
        let files = try OutputFiles()
        defer { files.remove() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let handles = try files.attach(to: process)
        defer {
            try? handles.stdout.close()
            try? handles.stderr.close()
        }
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        let output = files.output() + files.errors()
        return (status, output)
    }
}
