import ParleySimulator

/// What the server keeps about one AG-UI thread between runs.
struct ThreadRecord: Sendable {
    /// The simulator's conversation.
    var state: ConversationState
    /// Message ids of the history already acted on, so a message the client sends again (every run
    /// carries the whole history) is not answered twice.
    var seenMessages: Set<String> = []
    /// Tool calls the server itself answered with TOOL_CALL_RESULT: a client keeps those results in
    /// its history as tool messages, which are not answers from the client.
    var answeredCalls: Set<String> = []
    /// Whether a run was served on this thread: the greeting plays only on the first.
    var served = false

    /// A new thread.
    init(threadID: String) {
        state = ConversationState(threadID: threadID)
    }
}
