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
