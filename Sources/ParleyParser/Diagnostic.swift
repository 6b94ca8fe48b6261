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
            // Keep tabs so the caret lines up with what the terminal shows.
            let padding = line.unicodeScalars.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }
            text += "\n    \(line)\n    \(String(padding.joined()))^"
        }
        return text
    }
}
