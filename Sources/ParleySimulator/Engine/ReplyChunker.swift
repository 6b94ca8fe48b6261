/// Cuts reply text into streamed chunks at word boundaries.
enum ReplyChunker {
    /// `text` in at most `count` pieces, each ending after a word and its trailing spaces, as even
    /// in words as possible; the pieces join back to `text` exactly. Empty text has no pieces.
    static func split(_ text: String, into count: Int) -> [String] {
        var words: [String] = []
        var current = ""
        var inSpace = false
        for character in text {
            if character.isWhitespace {
                inSpace = true
            } else {
                // A word starts: close the previous one with its trailing spaces.
                if inSpace, current.contains(where: { !$0.isWhitespace }) {
                    words.append(current)
                    current = ""
                }
                inSpace = false
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        let pieces = min(max(count, 1), words.count)
        guard pieces > 0 else { return [] }
        return (0..<pieces).map { index in
            words[(index * words.count / pieces)..<((index + 1) * words.count / pieces)].joined()
        }
    }
}
