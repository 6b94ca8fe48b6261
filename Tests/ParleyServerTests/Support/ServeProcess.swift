import Foundation
import ParleyTesting

/// `parley serve` as the built binary: started, ready once it prints its one line, stopped by PID.
final class ServeProcess: @unchecked Sendable {
    /// The line it printed when listening.
    let readyLine: String
    /// The URL in that line.
    let url: URL
    private let process: Process
    private let errors: Pipe

    init(arguments: [String]) throws {
        process = Process()
        process.executableURL = ProjectPaths.product("parley")
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = ProjectPaths.root
        let output = Pipe()
        errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        readyLine = text.trimmingCharacters(in: .newlines)
        guard let found = readyLine.split(separator: " ").last, found.hasPrefix("http://"), let url = URL(string: String(found)) else {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw ServeFailed(description: "parley serve printed \(text.debugDescription); stderr: \(stderr)")
        }
        self.url = url
    }

    var pid: Int32 { process.processIdentifier }

    /// Sends `signal` and waits for the exit; returns the exit status (or 128 + the signal that
    /// ended it).
    func stop(with signal: Int32 = SIGTERM) -> Int32 {
        Foundation.kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// SIGKILL unless already stopped: for cleanup when a test fails half-way.
    func kill() {
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    struct ServeFailed: Error, CustomStringConvertible {
        var description: String
    }
}
