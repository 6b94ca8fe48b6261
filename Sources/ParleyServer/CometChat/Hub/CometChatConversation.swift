import ParleySimulator

/// One conversation with the agent, a user's 1:1 or a group: the simulator's state, and the lane
/// its plays go through one at a time.
struct CometChatConversation: Sendable {
    /// Where the agent's messages go: the user of a 1:1, or the group.
    let address: CometChatAddress
    var state: ConversationState
    let lane: AsyncStream<CometChatPlayJob>.Continuation
    var faults = WebSocketFaultInjector(malformedText: CometChatServer.malformedFrameText)
    /// The play being played: its message numbers → the ids they were given.
    var refs: [Int: Int] = [:]
    /// The run id of the play being played.
    var runID = 0
    /// Who spoke or interacted last: the user a script's `goal_completed` names.
    var lastUser: String
}
