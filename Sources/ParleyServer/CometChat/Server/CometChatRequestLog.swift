/// The REST requests a ``CometChatServer`` received, in order, readable while it serves. The
/// server holds one (``CometChatServer/requestLog``); copies of a server share it. It keeps the
/// newest `capacity` only, so a server that runs for days holds a bounded log.
public actor CometChatRequestLog {
    /// The most requests kept; older ones are forgotten, oldest first.
    public nonisolated let capacity: Int
    /// A ring: once full, `next` is where the oldest request sits and the next one goes.
    private var recorded: [CometChatRecordedRequest] = []
    private var next = 0
    /// How many requests were forgotten to keep the log within its capacity.
    public private(set) var forgotten = 0

    /// An empty log that keeps the newest `capacity` requests (at least one).
    public init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    /// The requests kept, oldest first.
    public func requests() -> [CometChatRecordedRequest] {
        Array(recorded[next...] + recorded[..<next])
    }

    /// Forgets the requests so far.
    public func clear() {
        recorded = []
        next = 0
        forgotten = 0
    }

    func record(_ request: CometChatRecordedRequest) {
        guard recorded.count == capacity else { return recorded.append(request) }
        recorded[next] = request
        next = (next + 1) % capacity
        forgotten += 1
    }
}
