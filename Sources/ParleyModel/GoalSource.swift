/// Who said an interactive message's goal is met.
public enum GoalSource: String, Hashable, Sendable, CaseIterable {
    /// The agent's side (CometChat's `interaction_completed`, a scripted goal).
    case server
    /// Parley, from the interactions it made, by CometChat's documented rules.
    case local
}
