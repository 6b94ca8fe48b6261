import ParleyModel

extension InteractionGoal {
    /// Whether interactions with `elementIDs` meet the goal, by CometChat's documented rules
    /// (the UI kit's `isGoalCompleted`): anyAction needs one interaction; anyOf one of the listed
    /// elements; allOf every listed element; none is never met, nor is anyOf or allOf with no
    /// elements listed.
    public func isMet(by elementIDs: [String]) -> Bool {
        switch kind {
        case .anyAction: return !elementIDs.isEmpty
        case .anyOf: return !self.elementIDs.isEmpty && self.elementIDs.contains { elementIDs.contains($0) }
        case .allOf: return !self.elementIDs.isEmpty && self.elementIDs.allSatisfy { elementIDs.contains($0) }
        case .none: return false
        }
    }
}
