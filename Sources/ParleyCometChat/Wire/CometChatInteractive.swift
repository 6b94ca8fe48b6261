import ParleyModel

/// An interactive message as the conversation keeps it: the message, what its `data` says
/// (interactive data, goal, sender interaction) and the interactions made so far.
public struct CometChatInteractive: Hashable, Sendable {
    public var message: CometChatMessage
    /// `data.interactiveData`; `{}` when absent.
    public var interactiveData: JSONValue
    /// `data.interactionGoal`; `none` when unspecified (the SDK's default).
    public var goal: InteractionGoal
    /// Stored interactions: those the message came with, then each one made or reported since.
    public var interactions: [Interaction]
    /// `data.allowSenderInteraction`; false when absent.
    public var allowSenderInteraction: Bool

    /// Reads an interactive message.
    public init(message: CometChatMessage) {
        self.message = message
        interactiveData = message.data["interactiveData"] ?? .object([])
        goal = Self.goal(message.data["interactionGoal"])
        interactions = Interaction.list(message.data["interactions"])
        allowSenderInteraction = message.data.boolMember("allowSenderInteraction") ?? false
    }

    /// The name flows use: the `muid` when present, else the numeric id.
    public var flowID: String { message.flowID }

    /// The kind by message type: form, card, scheduler, anything else custom.
    public var kind: InteractiveKind {
        switch message.type {
        case "form": .form
        case "card": .card
        case "scheduler": .scheduler
        default: .custom
        }
    }

    /// The event a flow sees.
    public var event: InteractiveMessage {
        InteractiveMessage(
            id: flowID, kind: kind, data: interactiveData, goal: goal, sender: message.sender, receiver: message.receiver,
            receiverType: message.receiverType, allowSenderInteraction: allowSenderInteraction, interactions: interactions)
    }

    /// Whether the stored interactions meet the goal.
    public var isGoalMet: Bool { goal.isMet(by: interactions.map(\.elementID)) }

    /// `{"type","elementIds"}`; an unknown or missing type is `none`.
    static func goal(_ value: JSONValue?) -> InteractionGoal {
        guard let value else { return InteractionGoal(kind: .none) }
        let kind = value.stringMember("type").flatMap(InteractionGoal.Kind.init(rawValue:)) ?? .none
        let ids = (value.arrayMember("elementIds") ?? []).compactMap { element -> String? in
            if case .string(let id) = element { return id }
            return nil
        }
        return InteractionGoal(kind: kind, elementIDs: ids)
    }
}
