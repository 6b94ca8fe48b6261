/// Which runs a conversation reports. CometChat's UI kits match a run to the message that started
/// it by id (protocols/cometchat.md §1.1, inferred, not confirmed), and one user's socket carries
/// every conversation of that user, groups included.
public enum RunScope: String, Hashable, Sendable, CaseIterable {
    /// Runs whose id is the id of a message this conversation sent or pressed.
    case mine
    /// Every run on the socket (for an agent whose run ids follow another rule).
    case all
}
