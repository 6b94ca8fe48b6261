/// Every REST request a ``CometChatServer`` received, in order, readable while it serves. The
/// server holds one (``CometChatServer/requestLog``); copies of a server share it.
public actor CometChatRequestLog {
    private var recorded: [CometChatRecordedRequest] = []

    /// An empty log.
    public init() {}

    /// The requests so far, oldest first.
    public func requests() -> [CometChatRecordedRequest] {
        recorded
    }

    /// Forgets the requests so far.
    public func clear() {
        recorded = []
    }

    func record(_ request: CometChatRecordedRequest) {
        recorded.append(request)
    }
}
