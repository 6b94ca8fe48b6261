import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

/// Puts a served socket's frames on the wire (PolyAI's and CometChat's servers): each frame as
/// it says, until a close or drop, or until cancelled.
enum WebSocketFrameWriter {
    /// Writes `frames` to `outbound` until a close or drop, or until cancelled; a socket that
    /// fails is gone, and the server keeps recording for the next one.
    static func write(_ frames: AsyncStream<WebSocketFrame>, to outbound: WebSocketOutboundWriter, channel: any Channel) async {
        do {
            for await frame in frames {
                switch frame {
                case .text(let text):
                    try await outbound.write(.text(text))
                case .binary(let bytes):
                    try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                case .close(let code, let reason):
                    try await outbound.close(WebSocketErrorCode(codeNumber: code), reason: reason)
                    return
                case .drop:
                    // No close frame: the TCP connection just ends, which the client sees as 1006
                    // (even together with the 101: Parley's connectors write first, and a write on
                    // the closed channel fails where NIO's upgrade would hide the end).
                    try await channel.close()
                    return
                }
            }
        } catch {
            // The socket is gone.
        }
    }
}
