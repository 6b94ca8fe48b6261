import ParleyModel

/// Keys that could hide an alias bomb, found in the text before Yams composes it.
///
/// Yams checks every mapping for duplicate keys by hashing the key nodes, and hashing follows
/// aliases: a key holding `*bomb` costs as much as the whole expansion, before our node budget
/// sees a single node. So in a file with anchors, every key that is not a plain word is refused
/// up front: an alias as a key (`*a: 1`, `{ *a : 1 }`), an explicit key (`? …`, which may span
/// lines and hold any collection) and a list or mapping used as a key (`[*a]: 1`, `{ x: *a }: 1`).
/// Parley refuses such keys anyway ("a key must be a plain word"), so this only makes it fast.
extension YAMLLoader {
    /// Why a key in `source` is refused, and where; nil when the file has no anchors or no such key.
    static func keyRefusal(in source: SourceText) -> (message: String, location: SourceLocation)? {
        guard source.text.contains("&") else { return nil }
        for (index, line) in source.lines.enumerated() {
            let scalars = Array(line.unicodeScalars)
            func at(_ column: Int) -> SourceLocation { SourceLocation(file: source.path, line: index + 1, column: column + 1) }
            var column = -1
            // The last character before `column` that is not a blank, kept as the scan goes so a
            // long line costs linear time.
            var preceding: Unicode.Scalar?
            while column + 1 < scalars.count {
                if column >= 0, scalars[column] != " ", scalars[column] != "\t" { preceding = scalars[column] }
                column += 1
                // Quoted text is skipped: `"Q&A [draft]: what?"` holds no key.
                if scalars[column] == "\"" || scalars[column] == "'", column == 0 || " \t:,[{-?".unicodeScalars.contains(scalars[column - 1]) {
                    column = closingQuote(scalars, from: column)
                    continue
                }
                let next = column + 1 < scalars.count ? scalars[column + 1] : " "
                switch scalars[column] {
                case "*" where column == 0 || " \t{[,?-".unicodeScalars.contains(scalars[column - 1]):
                    var end = column + 1
                    while end < scalars.count, !" \t,]}:".unicodeScalars.contains(scalars[end]) { end += 1 }
                    if followedByColon(scalars, from: end) || preceding == "?" {
                        return ("an alias may not be used as a mapping key", at(column))
                    }
                case "?" where (next == " " || next == "\t") && (preceding.map { "-{[,".unicodeScalars.contains($0) } ?? true):
                    return ("an explicit key ('? …') may not be used in a file with anchors; write the key as a plain word", at(column))
                case "]", "}":
                    // `$.items[0]: x` is a plain word with brackets in it, not a list.
                    guard followedByColon(scalars, from: column + 1), let start = opening(scalars, closing: column),
                        start == 0 || " \t,[{?-".unicodeScalars.contains(scalars[start - 1])
                    else { continue }
                    return ("a list or mapping may not be used as a mapping key", at(start))
                default:
                    break
                }
            }
        }
        return nil
    }

    /// The column of the quote closing the one at `start` on the same line (a `\"` escape or a
    /// doubled `''` does not close), or the line's last column when it continues on the next line.
    static func closingQuote(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        let quote = scalars[start]
        var column = start + 1
        while column < scalars.count {
            if quote == "\"", scalars[column] == "\\" {
                column += 2
                continue
            }
            if scalars[column] == quote {
                if quote == "'", column + 1 < scalars.count, scalars[column + 1] == "'" {
                    column += 2
                    continue
                }
                return column
            }
            column += 1
        }
        return scalars.count - 1
    }

    /// Whether blanks and then a `:` indicator (followed by a blank, a flow character or the line's end) come at `start`.
    private static func followedByColon(_ scalars: [Unicode.Scalar], from start: Int) -> Bool {
        var after = start
        while after < scalars.count, scalars[after] == " " || scalars[after] == "\t" { after += 1 }
        guard after < scalars.count, scalars[after] == ":" else { return false }
        return after + 1 == scalars.count || " \t,]}".unicodeScalars.contains(scalars[after + 1])
    }

    /// The column of the `[` or `{` that the bracket at `closing` closes on the same line (implicit
    /// keys are one line long), or nil.
    private static func opening(_ scalars: [Unicode.Scalar], closing: Int) -> Int? {
        var depth = 0
        for column in stride(from: closing, through: 0, by: -1) {
            switch scalars[column] {
            case "]", "}": depth += 1
            case "[", "{":
                depth -= 1
                if depth == 0 { return column }
            default: break
            }
        }
        return nil
    }
}
