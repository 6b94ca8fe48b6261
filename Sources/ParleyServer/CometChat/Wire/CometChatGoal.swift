import ParleyModel

/// When an interactive message's goal is met (wire contract, "interaction_completed"): anyAction
/// by any interaction, anyOf by one of its elements, allOf by all of them, none never; anyOf and
/// allOf naming no element are never met.
enum CometChatGoal {
    static func isMet(_ goal: InteractionGoal, interacted: [String]) -> Bool {
        switch goal.kind {
        case .anyAction: return !interacted.isEmpty
        case .anyOf: return goal.elementIDs.contains { interacted.contains($0) }
        case .allOf: return !goal.elementIDs.isEmpty && goal.elementIDs.allSatisfy { interacted.contains($0) }
        case .none: return false
        }
    }
}
