import HTTPTypes
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket

/// The WebSocket half (polyai-messaging.md 3 and 14.3): checks the upgrade request, then joins the
/// socket to its session. The session sends; this only moves frames between it and the socket.
struct PolyAISocket: Sendable {
    typealias Handler = WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>

    let store: PolyAISessionStore
    let logger: Logger

    /// The largest message read from a client: PolyAI's documented limit.
    static let maximumMessage = 128 << 10

    /// Upgrades `/ws` with a valid token and a known session; refuses anything else with 401 (the
    /// token is missing, unknown or expired) or 404 (another path, or the session is unknown).
    func shouldUpgrade(_ request: HTTPRequest, channel: any Channel) async -> ShouldUpgradeResult<Handler> {
        let target = PolyAISocketRequest(target: request.path ?? "/")
        let refusal: PolyAIUpgradeRejection.Reason
        if target.path != "/ws" {
            refusal = .notFound("No WebSocket at \(target.path): connect to /ws")
        } else if let token = target.accessToken, await store.isValid(token: token) {
            if let id = target.sessionID, let session = await store.session(id) {
                let cursor = target.cursor
                logger.info("session \(id): socket opened from cursor \(cursor)")
                return .upgrade([:]) { [store] inbound, outbound, _ in
                    await Self.serve(session, after: cursor, inbound: inbound, outbound: outbound, channel: channel, store: store)
                }
            }
            refusal = .notFound("Session not found")
        } else {
            refusal = .unauthorized(target.accessToken == nil ? "Missing access token" : "Invalid or expired access token")
        }
        await PolyAIUpgradeRejection.send(refusal, on: channel)
        return .dontUpgrade
    }

    /// Runs one socket: its history batch and the session's frames out, the client's frames in,
    /// until either side ends it.
    static func serve(
        _ session: PolyAISession, after cursor: Int, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel,
        store: PolyAISessionStore
    ) async {
        // Counted from here to the end, so a session is never forgotten under an open socket.
        await store.opened(session.id)
        let (frames, outbox) = AsyncStream.makeStream(of: WebSocketFrame.self)
        let connection = WebSocketConnection(outbox: outbox)
        await session.attach(connection, after: cursor)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await WebSocketFrameWriter.write(frames, to: outbound, channel: channel)
            }
            group.addTask {
                do {
                    for try await message in inbound.messages(maxSize: maximumMessage) {
                        await store.used(session.id)
                        switch message {
                        case .text(let text): await session.receive(text, from: connection)
                        case .binary: await session.receiveBinary()
                        }
                    }
                } catch {
                    // The socket failed: it ends like a close.
                }
            }
            // Whichever ends first (the client closed, or a scripted close or drop) ends the other.
            await group.next()
            group.cancelAll()
        }
        await session.detach(connection)
        connection.finish()
        await store.closed(session.id)
    }
}
