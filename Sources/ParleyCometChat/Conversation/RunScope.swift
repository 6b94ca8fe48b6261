/// Which runs a conversation reports. CometChat's UI kits match a run to the user's text message
/// that started it by id (cometchat-sdk.md §3.4, confirmed by two kits), and one user's socket
/// carries every conversation of that user, groups included.
public enum RunScope: String, Hashable, Sendable, CaseIterable {
    /// Runs whose id is the id of a message this conversation sent (or pressed), and the first run
    /// to start in the conversation after a press.
    case mine
    /// Every run on the socket (for an agent whose run ids follow another rule).
    case all
}
