import ParleyModel

/// Finds where each character of a parsed YAML scalar was written, undoing what YAML did to it:
/// quotes, `''` and `\` escapes, and lines folded into spaces. Carets then point at the `$` itself.
enum SourceAlignment {
    /// One location per scalar of `text`, or nil when the source does not line up (block scalars).
    /// `lines` are the file's lines as scalars, built once per file (``ParseContext/scalarLines(of:)``).
    static func positions(of text: [Unicode.Scalar], in lines: [[Unicode.Scalar]], from start: SourceLocation, quoted: Bool)
        -> [SourceLocation]?
    {
        var line = start.line - 1
        var column = start.column - 1 + (quoted ? 1 : 0)
        guard lines.indices.contains(line) else { return nil }
        var result: [SourceLocation] = []
        result.reserveCapacity(text.count)
        func here() -> SourceLocation { SourceLocation(file: start.file, line: line + 1, column: column + 1) }
        /// Moves to the first non-blank character of the next line.
        func nextLine() -> Bool {
            line += 1
            guard lines.indices.contains(line) else { return false }
            column = lines[line].prefix { $0 == " " || $0 == "\t" }.count
            return true
        }
        for scalar in text {
            var folded = false
            while column >= lines[line].count {
                // A line break in the source became a space (or a newline, for a blank line) in the text.
                let breakAt = here()
                guard nextLine() else { return nil }
                if scalar == " " || scalar == "\n" {
                    result.append(breakAt)
                    folded = true
                    break
                }
            }
            if folded { continue }
            let written = lines[line][column]
            if written == scalar && !(quoted && written == "\\") {
                result.append(here())
                column += written == "'" && quoted && column + 1 < lines[line].count && lines[line][column + 1] == "'" ? 2 : 1
            } else if written == "\\", quoted {
                result.append(here())
                let kind = column + 1 < lines[line].count ? lines[line][column + 1] : " "
                column += kind == "x" ? 4 : kind == "u" ? 6 : kind == "U" ? 10 : 2
            } else {
                return nil
            }
        }
        return result
    }
}
