import Foundation
import ParleyCore
import ParleyTesting

/// The Python webhook receiver of `Fixtures/hook_server.py`, started on 127.0.0.1 and stopped by its PID.
final class HookServer {
    let port: Int
    private let server: ReadyServer

    /// Starts a receiver that appends each body to `bodies` and answers as `mode` says: `ok`,
    /// `slow` (never answers), `error` (500) or `busy` (429, `Retry-After: 60`).
    init(bodies: URL, mode: String = "ok") async throws {
        server = try await ReadyServer.start(
            executable: ProjectPaths.python,
            arguments: [RunFixtures.fixtures.appendingPathComponent("hook_server.py").path, bodies.path, mode], marker: "listening on")
        guard let port = URL(string: server.url)?.port else {
            server.stop()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "hook_server.py printed \(server.readyLine)"])
        }
        self.port = port
    }

    func stop() {
        server.stop()
    }
}
