import ParleyModel

/// The Parley events AG-UI has no event for, carried as `CUSTOM` events by convention
/// (docs/agui.md): `parley serve` sends them under these names, and the connector turns a CUSTOM
/// event into the Parley event when its name is mapped to a kind (by default each kind's own name).
public enum CustomEventKind: String, Hashable, Sendable, CaseIterable {
    /// `{ id, executionText? }`
    case cardStart = "card_start"
    /// `{ id, payload }`
    case card
    /// `{ id }`
    case cardEnd = "card_end"
    /// `{ id, kind: form|card|scheduler|custom, data, goal?: { interactionType, elementIds } }`
    case interactive
    /// `{ id }`
    case goalCompleted = "goal_completed"
    /// `["Yes", "No"]` or `{ messageId?, suggestions }`: quick replies for the next (or named) reply.
    case suggestions
    /// `{ messageId?, suggestions?, attachments?, callActions?, from?: agent|live }` for the next
    /// (or named) reply.
    case replyExtras = "reply_extras"
    /// `{ stage, queue?, queuePosition?, waitSeconds?, agentName?, reason?, route? }`
    case handoff
    /// `{ who: agent|live|user, isTyping }`
    case typing
    /// `{ text, level?: info|warning|error }`
    case system
    /// `{ reason? }`
    case sessionEnded = "session_ended"
}
