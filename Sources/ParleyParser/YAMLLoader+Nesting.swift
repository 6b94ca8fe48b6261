import ParleyModel

/// Nesting depth, measured in the text before anything recursive reads it.
///
/// Yams composes, and our converter and parsers read, nested collections recursively: one or more
/// stack frames a level. libyaml stops at 1,000 levels, which is already more than a 512 KiB
/// stack (a secondary thread's on macOS) holds in a debug build, so a mutated flow of `[[[[…]]]]`
/// crashed `parley validate`. Flows nest a dozen levels; past ``YAMLLoader/maxDepth`` the file is
/// refused at the line that goes too deep.
extension YAMLLoader {
    /// Where nesting first goes deeper than `limit`, or nil. The depth counted is an upper bound:
    /// open block indentations, `- ` entries opening on the same line, and open `[`/`{` outside
    /// quotes and comments.
    static func nestingTooDeep(in source: SourceText, limit: Int) -> SourceLocation? {
        var indents: [Int] = []
        var flowDepth = 0
        // The indentation of a line that opened a block scalar (`|`, `>`): deeper lines are its text.
        var blockText: Int?
        for (index, line) in source.lines.enumerated() {
            let scalars = Array(line.unicodeScalars)
            let indent = scalars.prefix { $0 == " " }.count
            guard indent < scalars.count, scalars[indent] != "#" else { continue }
            if let opener = blockText {
                if indent > opener { continue }
                blockText = nil
            }
            if flowDepth == 0, opensBlockScalar(scalars) { blockText = indent }
            if flowDepth == 0 {
                while let last = indents.last, last > indent { indents.removeLast() }
                if indents.last != indent { indents.append(indent) }
            }
            func opensQuote(_ column: Int) -> Bool { column == 0 || " \t:,[{-?".unicodeScalars.contains(scalars[column - 1]) }
            var depth = indents.count + flowDepth
            var column = indent
            var atEntryStart = true
            // The last character that was not a space: a `[` or `{` opens a collection only after
            // one of these (or at the start), elsewhere it is text, as in `matches: ^\[INFO`.
            var previous: Unicode.Scalar?
            while column < scalars.count {
                let scalar = scalars[column]
                switch scalar {
                case "-" where atEntryStart && (column + 1 == scalars.count || scalars[column + 1] == " "):
                    depth += 1
                case "\"" where opensQuote(column), "'" where opensQuote(column):
                    column = closingQuote(scalars, from: column)
                    atEntryStart = false
                case "#" where column == 0 || scalars[column - 1] == " " || scalars[column - 1] == "\t":
                    column = scalars.count
                case "[" where previous.map { ":-,[{?".unicodeScalars.contains($0) } ?? true,
                    "{" where previous.map { ":-,[{?".unicodeScalars.contains($0) } ?? true:
                    flowDepth += 1
                    depth += 1
                case "]", "}":
                    flowDepth = max(0, flowDepth - 1)
                default:
                    if scalar != " " { atEntryStart = false }
                }
                if depth > limit { return SourceLocation(file: source.path, line: index + 1, column: column + 1) }
                if column < scalars.count, scalars[column] != " " { previous = scalars[column] }
                column += 1
            }
            if depth > limit { return SourceLocation(file: source.path, line: index + 1, column: 1) }
        }
        return nil
    }

    /// Whether a line ends by opening a block scalar: `key: |`, `- >-`, `text: |2`.
    static func opensBlockScalar(_ scalars: [Unicode.Scalar]) -> Bool {
        var end = scalars.count
        while end > 0, scalars[end - 1] == " " { end -= 1 }
        var start = end
        while start > 0, "|>+-0123456789".unicodeScalars.contains(scalars[start - 1]) { start -= 1 }
        guard start < end, scalars[start] == "|" || scalars[start] == ">", start > 0 else { return false }
        return scalars[start - 1] == " "
    }
}
