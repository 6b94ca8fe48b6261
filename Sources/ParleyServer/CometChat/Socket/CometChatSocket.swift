import Foundation
import HTTPTypes
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

/// The realtime socket at `/ws`: upgrades, then moves frames between the socket and the hub,
/// which authenticates it and sends it the frames of its user's conversations.
struct CometChatSocket: Sendable {
    typealias Handler = WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>

    let hub: CometChatHub

    /// The largest message read from a client.
    static let maximumMessage = 128 << 10

    /// Upgrades `/ws`; any other path stays plain HTTP (and gets the REST API's 404).
    func shouldUpgrade(_ request: HTTPRequest, channel: any Channel) -> ShouldUpgradeResult<Handler> {
        let path = URLComponents(string: request.path ?? "/")?.path ?? request.path
        guard path == "/ws" else { return .dontUpgrade }
        return .upgrade([:]) { [hub] inbound, outbound, _ in
            await Self.serve(hub, inbound: inbound, outbound: outbound, channel: channel)
        }
    }

    /// Runs one socket: the hub's frames out, the client's frames in, until either side ends it.
    static func serve(_ hub: CometChatHub, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel) async {
        let (frames, outbox) = AsyncStream.makeStream(of: CometChatWireFrame.self)
        let connection = CometChatConnection(outbox: outbox)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await write(frames, to: outbound, channel: channel)
            }
            group.addTask {
                do {
                    for try await message in inbound.messages(maxSize: maximumMessage) {
                        switch message {
                        case .text(let text): await hub.receive(text, from: connection)
                        case .binary: await hub.receiveBinary(from: connection)
                        }
                    }
                } catch {
                    // The socket failed: it ends like a close.
                }
            }
            // Whichever ends first (the client closed, or a close or drop from the server) ends the other.
            await group.next()
            group.cancelAll()
        }
        await hub.detach(connection)
        connection.finish()
    }

    /// Writes the hub's frames until a close or drop, or until cancelled.
    private static func write(_ frames: AsyncStream<CometChatWireFrame>, to outbound: WebSocketOutboundWriter, channel: any Channel) async {
        var sentAny = false
        do {
            for await frame in frames {
                defer { sentAny = true }
                switch frame {
                case .text(let text):
                    try await outbound.write(.text(text))
                case .binary(let bytes):
                    try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                case .close(let code, let reason):
                    try await outbound.close(WebSocketErrorCode(codeNumber: code), reason: reason)
                    return
                case .drop:
                    // No close frame: the TCP connection just ends, which the client sees as 1006.
                    // A socket sent nothing yet gives the client's upgrade time to finish first.
                    if !sentAny { try await Task.sleep(for: PolyAISocket.dropGrace) }
                    try await channel.close()
                    return
                }
            }
        } catch {
            // The socket is gone.
        }
    }
}
