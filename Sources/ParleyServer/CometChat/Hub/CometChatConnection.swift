/// One open socket, as the hub sees it: where its frames go. The socket's writer drains the
/// outbox; a close or drop ends it.
final class CometChatConnection: Sendable {
    private let outbox: AsyncStream<CometChatWireFrame>.Continuation

    init(outbox: AsyncStream<CometChatWireFrame>.Continuation) {
        self.outbox = outbox
    }

    /// Queues `frame` for the socket; after a close or drop nothing more is accepted.
    func send(_ frame: CometChatWireFrame) {
        outbox.yield(frame)
        if frame.endsSocket { outbox.finish() }
    }

    /// No more frames: the socket is closing by itself.
    func finish() {
        outbox.finish()
    }
}
