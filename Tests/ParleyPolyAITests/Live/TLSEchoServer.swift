import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import ParleyTesting

/// A `wss` peer on 127.0.0.1: TLS with the test-only certificate in Fixtures/tls (for localhost
/// and 127.0.0.1), a WebSocket upgrade, then each text message echoed back followed by a close
/// frame 1000. The PolyAI agent `parley serve` plays has no TLS, so this is what a secure socket
/// meets in the tests.
struct TLSEchoServer {
    static let fixtures = ProjectPaths.root.appendingPathComponent("Tests/ParleyPolyAITests/Fixtures/tls")

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int
    private let channel: any Channel

    /// The test-only certificate, as the trust root a client names.
    static func certificate() throws -> NIOSSLCertificate {
        guard let first = try NIOSSLCertificate.fromPEMFile(fixtures.appendingPathComponent("test-only-cert.pem").path).first else {
            throw Failure(description: "no certificate in Fixtures/tls/test-only-cert.pem")
        }
        return first
    }

    static func start() async throws -> TLSEchoServer {
        let key = try NIOSSLPrivateKey(file: fixtures.appendingPathComponent("test-only-key.pem").path, format: .pem)
        let context = try NIOSSLContext(
            configuration: .makeServerConfiguration(certificateChain: [.certificate(try certificate())], privateKey: .privateKey(key)))
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    let upgrader = NIOWebSocketServerUpgrader(
                        shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
                        upgradePipelineHandler: { channel, _ in channel.pipeline.addHandler(Echo()) })
                    try child.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TLSEchoServer(port: channel.localAddress?.port ?? 0, channel: channel)
    }

    func stop() async throws {
        try await channel.close()
    }

    /// Echoes a text message, then closes with 1000.
    private final class Echo: ChannelInboundHandler, Sendable {
        typealias InboundIn = WebSocketFrame
        typealias OutboundOut = WebSocketFrame

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            guard frame.opcode == .text else { return }
            context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: frame.unmaskedData)), promise: nil)
            var close = context.channel.allocator.buffer(capacity: 2)
            close.writeInteger(UInt16(1000))
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: close)), promise: nil)
        }
    }
}
