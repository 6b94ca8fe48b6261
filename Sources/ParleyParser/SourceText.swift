/// A file's text split into lines, for code frames under diagnostics.
public struct SourceText: Sendable {
    /// The path as the user named it.
    public var path: String
    /// The whole text.
    public var text: String
    /// The lines, without their line breaks.
    public var lines: [Substring]

    /// Wraps a file's text.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    /// Line `number` (1-based), if the file has it.
    public func line(_ number: Int) -> Substring? {
        lines.indices.contains(number - 1) ? lines[number - 1] : nil
    }
}
