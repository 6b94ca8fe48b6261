import Foundation
import ParleyTesting

/// Debian's `prometheus-pushgateway`, started on a free port of 127.0.0.1 with its own storage in
/// a temporary folder, and stopped by its PID. Its absence fails the test that needs it: scripts/test
/// installs it.
final class PushgatewayServer {
    /// Where Debian's package puts it.
    static let binary = "/usr/bin/prometheus-pushgateway"

    let port: Int
    private let process: SpawnedProcess
    private let storage: URL

    /// Starts it and waits until it listens; with `users` (name to bcrypt hash), every request
    /// needs basic auth (its web config file).
    static func start(users: [String: String] = [:]) async throws -> PushgatewayServer {
        let server = try PushgatewayServer(users: users)
        try await server.waitUntilReady()
        return server
    }

    private init(users: [String: String]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [NSLocalizedDescriptionKey: "\(Self.binary) is missing: run scripts/test, which installs Debian's prometheus-pushgateway"])
        }
        storage = try ProjectPaths.temporaryFolder()
        port = try Self.freePort()
        var arguments = [
            "--web.listen-address=127.0.0.1:\(port)", "--persistence.file=\(storage.appendingPathComponent("pushgateway.db").path)",
        ]
        if !users.isEmpty {
            let config = storage.appendingPathComponent("web.yaml")
            let lines = users.sorted { $0.key < $1.key }.map { "  \($0.key): \"\($0.value)\"" }
            try (["basic_auth_users:"] + lines).joined(separator: "\n").appending("\n").write(to: config, atomically: true, encoding: .utf8)
            arguments.append("--web.config.file=\(config.path)")
        }
        process = try SpawnedProcess(executable: URL(fileURLWithPath: Self.binary), arguments: arguments)
    }

    var url: String { "http://127.0.0.1:\(port)" }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: storage)
    }

    /// Waits up to 30 s until the port accepts a connection; a Pushgateway that exits or never
    /// listens fails the test. It sleeps between tries, never holding one of the test process's
    /// two pool threads while the Pushgateway starts (a loopback connect answers at once).
    private func waitUntilReady() async throws {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(30) {
            guard process.isRunning else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "the Pushgateway exited"]) }
            if Self.accepts(port) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        stop()
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "the Pushgateway did not listen within 30s"])
    }

    /// Whether something listens on 127.0.0.1:`port`.
    static func accepts(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = loopback(port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(_ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    /// A port nothing listens on now.
    static func freePort() throws -> Int {
        try FreePort.take()
    }
}
