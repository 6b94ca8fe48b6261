/// How streamed chunk texts become the final reply (the `chunk_joining` setting). The SDK and
/// PolyAI's docs disagree (protocols/polyai-messaging.md 8, 16), so the flow's author picks the one
/// their agent's chunks are written for.
public enum ChunkJoining: String, Hashable, Sendable, CaseIterable {
    /// The iOS SDK: non-empty texts in `chunk_index` order, joined with one space.
    case space
    /// PolyAI's docs: texts in `chunk_index` order, concatenated as sent.
    case concatenate

    /// The final text of chunks already in `chunk_index` order; nil is a chunk without text.
    public func join(_ texts: [String?]) -> String {
        switch self {
        case .space: texts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        case .concatenate: texts.compactMap { $0 }.joined()
        }
    }
}
