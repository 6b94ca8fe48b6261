/// How a streamed reply's chunk texts join back into the reply, the one point where the SDK and
/// PolyAI's docs disagree (polyai-messaging.md 8): the server serves either, so a client can be
/// tested against both.
public enum PolyAIChunkJoining: String, Hashable, Sendable, CaseIterable {
    /// Chunk texts carry no spacing of their own; joining them with one space gives the text (the
    /// iOS SDK's rule).
    case space
    /// Chunk texts include their spaces; concatenating them gives the text (PolyAI docs' rule).
    case concatenate
}
