/// What a conversation plays, one after another: an answer's items, and first the
/// `interaction_completed` of the message whose goal the answered interaction met.
struct CometChatPlayJob: Sendable {
    /// The run id of the play's streamed events: the message it answers.
    var runID: Int
    /// The interactive message whose goal was met, and who met it.
    var completed: (messageID: Int, user: String)?
    /// The items, offsets from when the job starts.
    var items: [CometChatTimedItem]
}
