import ParleyModel

/// One thing the session does, in order, to perform a flow's interaction the way the UI kit does.
public enum CometChatInteractionStep: Hashable, Sendable {
    /// Make this HTTP call (a button's `apiAction`, a card's `apiCall`), then record
    /// ``CometChatActionCall/performed(status:body:)`` or ``CometChatActionCall/failed(_:)``.
    case call(CometChatActionCall)
    /// Report this action, which sends nothing (a URL navigation, a deep link, a card's openUrl…).
    case record(PerformedAction)
    /// Send this text as the user (a card's `sendMessage`), as a `send` step would.
    case sendText(String)
    /// `PATCH /messages/{messageID}/interacted` with `elementID`; when it succeeds, tell the
    /// conversation with `interacted(flowID:elementID:interactedAt:)`.
    case markInteracted(messageID: Int, flowID: String, elementID: String)
}
