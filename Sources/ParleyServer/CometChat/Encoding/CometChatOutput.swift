import ParleyModel

/// One thing a play puts on the wire, before the server gives it message ids, timestamps and an
/// envelope. Messages a play creates are numbered from 0 within the play (`ref`); the server turns
/// each number into a message id when it is first needed, so a `text_message_end` can name the
/// assistant message that follows `run_finished`.
public enum CometChatOutput: Hashable, Sendable {
    /// A `streamed_message` event: its type (`run_started`, `text_message_content`…) and `data`.
    /// With `messageRef`, the data gains `messageId`: that message's id, as a string.
    case streamed(event: String, data: JSONValue, messageRef: Int?)
    /// A message from the agent, kept and pushed as a `message` frame.
    case message(CometChatDraft)
    /// The script says the goal of the interactive message it named `muid` is met:
    /// `interaction_completed`, unless it went out for that message already.
    case goalCompleted(muid: String)
    /// The agent's typing indicator.
    case typing(started: Bool)
}

/// A message from the agent, before it has an id and a time.
public struct CometChatDraft: Hashable, Sendable {
    /// Its number within the play.
    public var ref: Int
    public var category: String
    public var type: String
    public var muid: String?
    /// `data`, without `entities`.
    public var data: JSONValue
    /// An interactive message's goal.
    public var goal: InteractionGoal?

    /// Creates a draft.
    public init(ref: Int, category: String, type: String, muid: String? = nil, data: JSONValue, goal: InteractionGoal? = nil) {
        self.ref = ref
        self.category = category
        self.type = type
        self.muid = muid
        self.data = data
        self.goal = goal
    }
}
