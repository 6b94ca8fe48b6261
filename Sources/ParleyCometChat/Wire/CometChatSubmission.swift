import ParleyModel

/// What an apiAction body carries besides the message: a form's values or a scheduler's slot.
public enum CometChatSubmission: Hashable, Sendable {
    /// `formData`: the values by element id, in order.
    case form([JSONMember])
    /// `schedulerData`: the slot's start (ISO 8601) and its length in minutes.
    case scheduler(meetStartAt: String, duration: Int)
}
