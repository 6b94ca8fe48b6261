import Foundation
import ParleyCore
import ParleyTesting

/// The Python webhook receiver of `Fixtures/hook_server.py`, started on 127.0.0.1 and stopped by its PID.
final class HookServer {
    let port: Int
    private let process: Process

    /// Starts a receiver that appends each body to `bodies` and answers as `mode` says: `ok`,
    /// `slow` (never answers), `error` (500) or `busy` (429, `Retry-After: 60`).
    init(bodies: URL, mode: String = "ok") async throws {
        process = Process()
        process.executableURL = ProjectPaths.python
        process.arguments = [RunFixtures.fixtures.appendingPathComponent("hook_server.py").path, bodies.path, mode]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Ready when it prints its port (read on a thread of its own: see DedicatedThread).
        let reader = output.fileHandleForReading
        let line = await DedicatedThread.run {
            var line = ""
            while !line.contains("\n") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                line += String(decoding: chunk, as: UTF8.self)
            }
            return line
        }
        guard let port = line.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "hook_server.py printed \(line)"])
        }
        self.port = port
    }

    func stop() {
        // SIGKILL: a child spawned from a test thread inherits its blocked signal mask, so SIGTERM would wait forever.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
