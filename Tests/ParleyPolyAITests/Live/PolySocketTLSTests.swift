import Foundation
import NIOSSL
import Testing

@testable import ParleyPolyAI

/// The PolyAI socket over `wss`: TLS under the WebSocket upgrade, the certificate checked, one
/// TLS context shared by a connector's sockets.
@Suite struct PolySocketTLSTests {
    /// A socket trusting only the test-only certificate.
    private static func trusting() throws -> SocketTLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([try TLSEchoServer.certificate()])
        return SocketTLS(configuration: configuration)
    }

    /// Opens `url`, sends "ping" once open; what came back and the server's close.
    private static func exchange(_ url: String, tls: SocketTLS) async throws -> (messages: [String], close: PolySocket.Close?) {
        let socket = PolySocket(tls: tls)
        var messages: [String] = []
        let close = try await socket.run(url: url, maxMessageSize: 1 << 20, opened: { socket.send(text: "ping") }) { message in
            if case .text(let text) = message { messages.append(text) }
            return true
        }
        return (messages, close)
    }

    @Test("wss by name and by address: the upgrade runs over TLS, a message goes both ways, the close arrives")
    func secureExchange() async throws {
        let server = try await TLSEchoServer.start()
        let tls = try Self.trusting()
        // By name: the name is sent (SNI) and the certificate is checked against it.
        let named = try await Self.exchange("wss://localhost:\(server.port)/ws", tls: tls)
        // By address: SNI cannot carry one, so none is sent and the certificate is checked against the address.
        let addressed = try await Self.exchange("wss://127.0.0.1:\(server.port)/ws", tls: tls)
        try await server.stop()
        #expect(named.messages == ["ping"])
        #expect(named.close == PolySocket.Close(code: 1000, reason: ""))
        #expect(addressed.messages == ["ping"])
        #expect(addressed.close == PolySocket.Close(code: 1000, reason: ""))
        // Both sockets used the one context.
        #expect(try tls.context() === tls.context())
    }

    @Test("wss to a certificate the system does not trust fails the attempt with the TLS error, and nothing is exchanged")
    func untrustedCertificate() async throws {
        let server = try await TLSEchoServer.start()
        let socket = PolySocket(tls: SocketTLS())
        var opened = false
        let failure = await #expect(throws: NIOSSLError.self) {
            _ = try await socket.run(url: "wss://localhost:\(server.port)/ws", maxMessageSize: 1 << 20, opened: { opened = true }) { _ in true }
        }
        try await server.stop()
        #expect(!opened)
        #expect(failure.map { "\($0)" }?.contains("handshakeFailed") == true, "\(String(describing: failure))")
    }
}
