/// Where a parsed node came from: a file and a 1-based line and column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file path as the user named it (relative paths stay relative, so messages stay short).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars like libyaml does.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form editors and CI annotate.
    public var description: String { "\(file):\(line):\(column)" }

    /// This place as a message about `other` names it: `line 7, column 27` in the same file (whose
    /// path the diagnostic already starts with), else the whole `file:line:column`.
    public func described(from other: SourceLocation) -> String {
        file == other.file ? "line \(line), column \(column)" : description
    }

    /// The same line, `offset` scalars to the right; used to point inside a scalar.
    public func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + offset)
    }
}
