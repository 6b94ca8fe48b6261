/// Which kind of model a matcher asks.
public enum MeaningKind: String, Hashable, Sendable, CaseIterable {
    /// `similar`: an embeddings endpoint.
    case embeddings
    /// `judge`: a chat-completions endpoint.
    case judge

    /// The matcher keyword that needs it.
    public var keyword: String {
        switch self {
        case .embeddings: return "similar"
        case .judge: return "judge"
        }
    }
}
