import Foundation
import ParleyTesting

/// A server process for end-to-end tests (a Python fixture, `parley serve`), started on 127.0.0.1;
/// ready once it prints a line with its `http://` URL; stopped by its PID.
final class ReadyServer {
    let url: String
    private let process: Process

    init(executable: URL, arguments: [String], directory: URL? = nil) throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let found = text.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("http://") }) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(executable.lastPathComponent) printed \(text)"])
        }
        url = String(found)
    }

    /// A Python fixture run with the test virtualenv.
    convenience init(python script: URL, arguments: [String] = []) throws {
        try self.init(executable: ProjectPaths.python, arguments: [script.path] + arguments)
    }

    var pid: Int32 { process.processIdentifier }

    func stop() {
        // SIGKILL: a child spawned from a test thread inherits its blocked signal mask, so SIGTERM would wait forever.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
