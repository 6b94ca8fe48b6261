/// A message's category. Routing is case-insensitive, as in the SDK; categories Parley does not
/// act on (action, call, custom…) are kept by name.
public enum CometChatCategory: Hashable, Sendable {
    case message, agentic, interactive, card
    case other(String)

    /// Reads a wire category.
    public init(wire: String) {
        switch wire.lowercased() {
        case "message": self = .message
        case "agentic": self = .agentic
        case "interactive": self = .interactive
        case "card": self = .card
        default: self = .other(wire)
        }
    }

    /// The category as written on the wire.
    public var wire: String {
        switch self {
        case .message: "message"
        case .agentic: "agentic"
        case .interactive: "interactive"
        case .card: "card"
        case .other(let name): name
        }
    }
}
