/// "Did you mean …?" — the closest known word to a misspelled one.
public enum Suggestion {
    /// The candidate nearest to `word`, if it is near enough to be a likely typo.
    static func closest(to word: String, in candidates: some Swift.Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        // Allow about one edit in three characters, and always one.
        let limit = max(1, min(word.count, best.candidate.count) / 3)
        return best.distance <= limit ? best.candidate : nil
    }

    /// `; did you mean 'x'?`, or nothing. Past the spelling, `aliases` maps words people write
    /// for a candidate (`include`) to it (`contains`); an alias counts only when written whole,
    /// in any case and with `-` for `_`.
    public static func hint(for word: String, in candidates: some Swift.Sequence<String>, aliases: [String: String] = [:]) -> String {
        suggestion(for: word, in: candidates, aliases: aliases).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate `word` is likely a typo of, else the one it is an alias of.
    static func suggestion(for word: String, in candidates: some Swift.Sequence<String>, aliases: [String: String] = [:]) -> String? {
        closest(to: word, in: candidates) ?? aliases[String(word.lowercased().map { $0 == "-" ? "_" : $0 })]
    }

    /// Optimal-string-alignment distance: Levenshtein plus adjacent swaps, the commonest typo.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
