/// One open served socket, as its PolyAI session or CometChat hub sees it: where its frames go.
/// The socket's writer (``WebSocketFrameWriter``) drains the outbox; a close or drop ends it.
final class WebSocketConnection: Sendable {
    private let outbox: AsyncStream<WebSocketFrame>.Continuation

    init(outbox: AsyncStream<WebSocketFrame>.Continuation) {
        self.outbox = outbox
    }

    /// Queues `frame` for the socket; after a close or drop nothing more is accepted.
    func send(_ frame: WebSocketFrame) {
        outbox.yield(frame)
        if frame.endsSocket { outbox.finish() }
    }

    /// No more frames: the socket is closing by itself.
    func finish() {
        outbox.finish()
    }
}
