/// `similar:`: what the text should mean, compared by embeddings rather than by words.
public struct Similarity: Hashable, Sendable {
    /// The texts it may mean (any one is enough).
    public var references: [Template]
    /// The least cosine similarity that passes; nil means ``defaultThreshold``.
    public var threshold: Double?

    /// Creates a similarity matcher.
    public init(references: [Template], threshold: Double? = nil) {
        self.references = references
        self.threshold = threshold
    }

    /// The threshold when none is written. Sentence-embedding models score paraphrases from
    /// about 0.75 up and unrelated replies well below 0.5 (measured with all-MiniLM-L6-v2).
    public static let defaultThreshold = 0.75

    /// The threshold in force.
    public var effectiveThreshold: Double { threshold ?? Self.defaultThreshold }
}

/// `judge:`: a rubric a language model grades the text against.
public struct Rubric: Hashable, Sendable {
    /// What the text must do, in words.
    public var text: Template
    /// When set, the judge's score must also reach it (0…1).
    public var threshold: Double?

    /// Creates a rubric.
    public init(text: Template, threshold: Double? = nil) {
        self.text = text
        self.threshold = threshold
    }
}

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
