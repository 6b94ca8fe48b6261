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
