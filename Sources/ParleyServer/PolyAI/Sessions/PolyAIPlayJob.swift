/// What the session plays, one after another: a play's items, after its echo has gone out.
struct PolyAIPlayJob: Sendable {
    /// Finishes when the delayed echo this play follows has gone out; nil when it already has.
    var echoSent: AsyncStream<Void>?
    /// The items, offsets from when the job starts.
    var items: [PolyAITimedItem]
}
