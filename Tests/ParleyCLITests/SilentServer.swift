import Foundation
import ParleyTesting

/// `Fixtures/silent_server.py`: a receiver on 127.0.0.1 that never answers, stopped by its PID.
final class SilentServer {
    let port: Int
    private let process: Process

    init() throws {
        process = Process()
        process.executableURL = ProjectPaths.python
        process.arguments = [RunFixtures.fixtures.appendingPathComponent("silent_server.py").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Ready when it prints its port.
        var line = ""
        while !line.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += String(decoding: chunk, as: UTF8.self)
        }
        guard let port = line.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "silent_server.py printed \(line)"])
        }
        self.port = port
    }

    func stop() {
        // SIGKILL: a child spawned from a test thread inherits its blocked signal mask (HookServer says why).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
