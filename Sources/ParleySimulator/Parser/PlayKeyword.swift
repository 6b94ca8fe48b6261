/// The events a `play:` list may hold, as scripts write them.
enum PlayKeyword: String, CaseIterable {
    case runStarted = "run_started"
    case runFinished = "run_finished"
    case runError = "run_error"
    case pause, typing, reply
    case toolCall = "tool_call"
    case toolResult = "tool_result"
    case cardStart = "card_start"
    case card
    case cardEnd = "card_end"
    case interactive
    case goalCompleted = "goal_completed"
    case handoff, system, interrupt
    case sessionEnded = "session_ended"
    case stateSnapshot = "state_snapshot"
    case stateDelta = "state_delta"
    case custom
    case setState = "set_state"
    case remember, fault
}

/// The `op` of a `state_delta` operation: RFC 6902's six.
enum PatchOperation: String, CaseIterable {
    case add, remove, replace, move, copy, test
}

/// `typing: { state: … }`.
enum TypingState: String, CaseIterable {
    case started, stopped
}

/// Who may speak or type in a script: the agent or a live agent, never the user.
enum ScriptSpeaker: String, CaseIterable {
    case agent, live
}

/// `attachments: [{ content_type: … }]`.
enum AttachmentType: String, CaseIterable {
    case url, image
}
