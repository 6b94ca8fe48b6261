/// One interaction with an element of an interactive message.
public struct Interaction: Hashable, Sendable {
    public var elementID: String
    /// Seconds since 1970, as CometChat records it.
    public var interactedAt: Double

    /// Creates an interaction.
    public init(elementID: String, interactedAt: Double) {
        self.elementID = elementID
        self.interactedAt = interactedAt
    }
}
