import Foundation
import ParleyTesting

/// Runs a program and awaits its exit without holding one of the test process's few shared
/// threads (CommandRunner blocks one): this target's in-process runs must not starve beside it.
enum ChildProcess {
    /// Runs `executable arguments` in `directory`; returns its exit status and what it printed
    /// (standard output, then standard error).
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) async throws -> (status: Int32, output: String) {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        let output = try String(contentsOf: outURL, encoding: .utf8) + String(contentsOf: errURL, encoding: .utf8)
        return (status, output)
    }
}
