/// One open socket of a session, as the session sees it: where its frames go. The socket's writer
/// drains the outbox; a close or drop ends it.
final class PolyAIConnection: Sendable {
    private let outbox: AsyncStream<PolyAIWireFrame>.Continuation

    init(outbox: AsyncStream<PolyAIWireFrame>.Continuation) {
        self.outbox = outbox
    }

    /// Queues `frame` for the socket; after a close or drop nothing more is accepted.
    func send(_ frame: PolyAIWireFrame) {
        outbox.yield(frame)
        if frame.endsSocket { outbox.finish() }
    }

    /// No more frames: the socket is closing by itself.
    func finish() {
        outbox.finish()
    }
}
