import Foundation
import HTTPTypes
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

/// The realtime socket at the root path, as CometChat's (`wss://host:port`, no path): upgrades, then moves frames between the socket and the hub,
/// which authenticates it and sends it the frames of its user's conversations.
struct CometChatSocket: Sendable {
    typealias Handler = WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>

    let hub: CometChatHub

    /// The largest message read from a client.
    static let maximumMessage = 128 << 10

    /// Upgrades `/`; any other path stays plain HTTP (and gets the REST API's 404).
    func shouldUpgrade(_ request: HTTPRequest, channel: any Channel) -> ShouldUpgradeResult<Handler> {
        let path = URLComponents(string: request.path ?? "/")?.path ?? request.path
        guard path == "/" || path == "" else { return .dontUpgrade }
        return .upgrade([:]) { [hub] inbound, outbound, _ in
            await Self.serve(hub, inbound: inbound, outbound: outbound, channel: channel)
        }
    }

    /// Runs one socket: the hub's frames out, the client's frames in, until either side ends it.
    static func serve(_ hub: CometChatHub, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel) async {
        let (frames, outbox) = AsyncStream.makeStream(of: WebSocketFrame.self)
        let connection = WebSocketConnection(outbox: outbox)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await WebSocketFrameWriter.write(frames, to: outbound, channel: channel)
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
}
