import ParleyModel

/// One problem found in a file: where, and what to do about it.
public struct Diagnostic: Hashable, Sendable {
    /// How serious it is.
    public var severity: Severity
    /// Where it is.
    public var location: SourceLocation
    /// What is wrong, with a "did you mean" where one fits.
    public var message: String

    /// Error or warning.
    public enum Severity: String, Hashable, Sendable {
        case error, warning
    }

    /// Creates an error.
    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: .error, location: location, message: message)
    }

    /// Creates a warning.
    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: .warning, location: location, message: message)
    }

    /// `path:line:column: error: message`, then the offending line and a caret under the column.
    public func rendered(source: SourceText?) -> String {
        var text = "\(location): \(severity.rawValue): \(message)"
        if let line = source?.line(location.line) {
            let (shown, column) = Self.window(of: String(line), around: location.column)
            // Keep tabs so the caret lines up with what the terminal shows.
            let padding = shown.unicodeScalars.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " }
            text += "\n    \(shown)\n    \(String(padding.joined()))^"
        }
        return text
    }

    /// The longest source line a code frame shows whole; a longer one is cut around the column.
    static let frameWidth = 160

    /// `line` cut to `frameWidth` scalars around `column` (1-based), with `…` where it was cut, and
    /// the column within what is shown: a generated line of 50,000 characters shows its problem's
    /// neighbourhood, not the whole line once per problem.
    static func window(of line: String, around column: Int) -> (String, Int) {
        let scalars = Array(line.unicodeScalars)
        guard scalars.count > frameWidth else { return (line, column) }
        let index = min(max(0, column - 1), scalars.count)
        let start = max(0, min(index - frameWidth / 3, scalars.count - frameWidth))
        let end = min(scalars.count, start + frameWidth)
        var shown = String(String.UnicodeScalarView(scalars[start..<end]))
        var shift = start
        if start > 0 {
            shown = "…" + shown
            shift -= 1
        }
        if end < scalars.count { shown += "…" }
        return (shown, column - shift)
    }
}
