import NIOCore
import NIOWebSocket

/// The channel's last handler once upgraded: hands each frame to the reader, and ends the stream
/// when the connection ends. Unbounded: PolyAI's messages are small and read as they come.
final class FrameStream: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = WebSocketFrame

    let frames: AsyncStream<WebSocketFrame>
    private let sink: AsyncStream<WebSocketFrame>.Continuation

    init() {
        (frames, sink) = AsyncStream.makeStream(of: WebSocketFrame.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        sink.yield(unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        sink.finish()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The server ended its side: nothing more comes, so the connection is over.
        if case .some(ChannelEvent.inputClosed) = event as? ChannelEvent {
            sink.finish()
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        sink.finish()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        sink.finish()
        context.close(promise: nil)
    }
}
