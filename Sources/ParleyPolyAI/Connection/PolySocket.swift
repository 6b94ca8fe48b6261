import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

/// One client WebSocket of a PolyAI session, on SwiftNIO directly. Not HummingbirdWSClient, for two
/// reasons. Cancelling the task that opens it closes the channel, also during an upgrade the server
/// never answers (the library waits on the upgrade's future, which cancellation does not reach, so
/// its attempt had to be an unstructured task: issue 21). And a frame is written by a synchronous,
/// fire-and-forget call from whichever task has it: no task grows an async frame to write, and
/// reading needs no task group (issue 20: the library's connect, write and handler frames cost a
/// session about 15 KB of task slabs).
final class PolySocket: @unchecked Sendable {
    /// A message the server sent.
    enum Message {
        case text(String)
        case binary
    }

    /// The server's close frame.
    struct Close: Equatable {
        let code: UInt16
        let reason: String
    }

    enum Failure: Error, CustomStringConvertible {
        case invalidURL(String)
        /// The server answered the upgrade request with something other than 101.
        case upgradeDeclined
        /// A message of fragments above the limit: the socket was closed with 1009.
        case messageTooLarge
        /// Abandoned (cancelled, or by the watchdog) before or during the upgrade.
        case abandoned

        var description: String {
            switch self {
            case .invalidURL(let url): "invalid WebSocket URL \(url)"
            case .upgradeDeclined: "the server declined the WebSocket upgrade"
            case .messageTooLarge: "a message above the size limit"
            case .abandoned: "abandoned"
            }
        }
    }

    private enum Upgrade: Sendable {
        case upgraded
        case declined
    }

    private let tls: SocketTLS
    private let lock = NSLock()
    private var channel: (any Channel)?
    private var abandoned = false

    /// A socket whose `wss` connections use `tls`, the connector's shared context.
    init(tls: SocketTLS) {
        self.tls = tls
    }

    /// Closes the channel now, or as soon as it exists: what cancellation and a watchdog call.
    /// `closing`, when the socket is open, goes out first as the close frame.
    func abandon(closing: (code: UInt16, reason: String)? = nil) {
        let open = lock.withLock { () -> (any Channel)? in
            abandoned = true
            return channel
        }
        guard let open else { return }
        guard let closing else { return open.close(promise: nil) }
        stop(after: writeClose(code: closing.code, reason: closing.reason))
    }

    /// Writes a text message; fire-and-forget (a frame on a closed socket is dropped).
    func send(text: String) {
        write(.text, ByteBuffer(string: text))
    }

    /// Starts the closing handshake; the server's answering close ends `run`.
    func close(code: UInt16, reason: String) {
        _ = writeClose(code: code, reason: reason)
    }

    private func writeClose(code: UInt16, reason: String) -> EventLoopFuture<Void>? {
        var data = ByteBuffer()
        data.writeInteger(code)
        data.writeString(reason)
        return write(.connectionClose, data)
    }

    @discardableResult
    private func write(_ opcode: WebSocketOpcode, _ data: ByteBuffer) -> EventLoopFuture<Void>? {
        guard let open = lock.withLock({ channel }) else { return nil }
        // A client masks every frame (RFC 6455 §5.3); the encoder applies the key.
        return open.writeAndFlush(WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data))
    }

    /// Opens the socket, calls `opened` once upgraded, then `received` for each message until it
    /// returns false or the socket ends. Returns the server's close frame; nil when the connection
    /// dropped (or `received` stopped it). Cancelling the calling task closes the channel.
    func run(url: String, maxMessageSize: Int, opened: () -> Void, received: (Message) -> Bool) async throws -> Close? {
        try await withTaskCancellationHandler {
            let stream = FrameStream()
            do {
                let upgrade = try await connect(try Target(url), maxFrameSize: maxMessageSize, stream: stream)
                guard case .upgraded = try await upgrade.get() else { throw Failure.upgradeDeclined }
                guard !lock.withLock({ abandoned }) else { throw Failure.abandoned }
            } catch {
                // Declined, refused or abandoned: nothing more comes on this connection.
                lock.withLock { channel }?.close(promise: nil)
                throw error
            }
            opened()
            return try await read(stream.frames, maxMessageSize: maxMessageSize, received: received)
        } onCancel: {
            abandon()
        }
    }

    /// Connects and sends the upgrade request; the future completes with the server's answer.
    private func connect(_ target: Target, maxFrameSize: Int, stream: FrameStream) async throws -> EventLoopFuture<Upgrade> {
        let tls = try target.secure ? self.tls.context() : nil
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: maxFrameSize) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(stream)
                return .upgraded
            }
        }
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: target.hostHeader)
        headers.add(name: "Origin", value: target.origin)
        let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: target.pathAndQuery, headers: headers)
        let configuration = {
            var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
                upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                    upgradeRequestHead: request, upgraders: [upgrader],
                    notUpgradingCompletionHandler: { $0.eventLoop.makeSucceededFuture(Upgrade.declined) }))
            // Frames sent right behind the 101 reach the WebSocket decoder.
            configuration.leftOverBytesStrategy = .forwardBytes
            return configuration
        }()
        // Without remote half-closure: the server's end of the connection closes the channel.
        return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: target.host, port: target.port) { [self] made in
                made.eventLoop.makeCompletedFuture {
                    // Known before the connection exists, so an abandon from now on closes it.
                    guard lock.withLock({ () -> Bool in
                        channel = made
                        return !abandoned
                    }) else { throw Failure.abandoned }
                    if let tls {
                        try made.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: target.serverName), position: .first)
                    }
                    return try made.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
                }
            }
    }

    /// Reads frames into messages until the server closes, the connection ends or `received` stops.
    private func read(_ frames: AsyncStream<WebSocketFrame>, maxMessageSize: Int, received: (Message) -> Bool) async throws -> Close? {
        var fragments: ByteBuffer?
        var fragmentsAreText = true
        for await frame in frames {
            switch frame.opcode {
            case .text, .binary, .continuation:
                var data = frame.unmaskedData
                if frame.opcode != .continuation {
                    fragments = nil
                    fragmentsAreText = frame.opcode == .text
                }
                if !frame.fin || fragments != nil {
                    fragments = fragments ?? ByteBuffer()
                    fragments?.writeBuffer(&data)
                    if let size = fragments?.readableBytes, size > maxMessageSize {
                        stop(after: writeClose(code: 1009, reason: "message too big"))
                        throw Failure.messageTooLarge
                    }
                    guard frame.fin, let whole = fragments else { continue }
                    data = whole
                    fragments = nil
                }
                let message: Message = fragmentsAreText ? .text(String(buffer: data)) : .binary
                if !received(message) {
                    stop(after: writeClose(code: 1000, reason: ""))
                    return nil
                }
            case .ping:
                write(.pong, frame.unmaskedData)
            case .connectionClose:
                var data = frame.unmaskedData
                guard let code = data.readInteger(as: UInt16.self) else {
                    stop(after: writeClose(code: 1000, reason: ""))
                    return nil
                }
                let reason = data.readString(length: data.readableBytes) ?? ""
                // Answer with the same code, then end the connection (RFC 6455 §5.5.1).
                stop(after: writeClose(code: code, reason: ""))
                return Close(code: code, reason: reason)
            default:
                continue
            }
        }
        return nil
    }

    /// Closes the channel once `last` (the closing frame) is out.
    private func stop(after last: EventLoopFuture<Void>?) {
        guard let open = lock.withLock({ channel }) else { return }
        guard let last else { return open.close(promise: nil) }
        last.whenComplete { _ in open.close(promise: nil) }
    }

    /// What the upgrade request needs from the URL.
    private struct Target {
        let secure: Bool
        let host: String
        let port: Int
        let pathAndQuery: String
        let hostHeader: String
        let origin: String
        /// The name TLS sends (SNI) and checks the certificate against; nil for an IP address,
        /// which SNI cannot carry (the certificate is then checked against the address).
        var serverName: String? {
            (try? SocketAddress(ipAddress: host, port: port)) == nil ? host : nil
        }

        init(_ url: String) throws {
            guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
                let host = components.host, !host.isEmpty
            else { throw Failure.invalidURL(url) }
            secure = scheme == "wss" || scheme == "https"
            self.host = host
            port = components.port ?? (secure ? 443 : 80)
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            pathAndQuery = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
            hostHeader = components.port.map { "\(host):\($0)" } ?? host
            origin = "\(scheme)://\(host)"
        }
    }
}
