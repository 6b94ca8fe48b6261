import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

/// Puts a served socket's frames on the wire (PolyAI's and CometChat's servers): each frame as
/// it says, until a close or drop, or until cancelled.
enum WebSocketFrameWriter {
    /// How long a socket that has been sent nothing waits before a drop (an outage's): a client
    /// that gets the end of the connection together with its 101 can miss it (HummingbirdWSClient
    /// then waits forever), so the upgrade is given time to finish on the client's side first.
    static let dropGrace: Duration = .milliseconds(100)

    /// Writes `frames` to `outbound` until a close or drop, or until cancelled; a socket that
    /// fails is gone, and the server keeps recording for the next one.
    static func write(_ frames: AsyncStream<WebSocketFrame>, to outbound: WebSocketOutboundWriter, channel: any Channel) async {
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
                    if !sentAny { try await Task.sleep(for: dropGrace) }
                    try await channel.close()
                    return
                }
            }
        } catch {
            // The socket is gone.
        }
    }
}
