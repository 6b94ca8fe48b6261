import ParleyModel
import ParleyParser

/// Input that stops a run before anything runs (`parley` exits 2): what, and where when a file
/// says. Providers throw it for a setting they cannot use.
public struct InvalidInput: Error, CustomStringConvertible, Sendable {
    /// Where the problem is written; nil for a command-line option.
    public var location: SourceLocation?
    public var message: String
    /// Problems another checker found (an agent script's), reported as they are.
    public var diagnostics: [Diagnostic] = []
    /// Their files' texts, for code frames.
    public var sources: [String: SourceText] = [:]

    /// A problem with no place in a file (a command-line option).
    public init(_ message: String) {
        self.message = message
    }

    /// A problem at `location`.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// Problems another checker reported, with their sources.
    public init(diagnostics: [Diagnostic], sources: [String: SourceText]) {
        self.message = ""
        self.diagnostics = diagnostics
        self.sources = sources
    }

    /// The problems as diagnostics, when they have a place in a file.
    public var located: [Diagnostic] {
        if let location { return diagnostics + [.error(message, at: location)] }
        return diagnostics
    }

    public var description: String {
        let parts = diagnostics.map { $0.rendered(source: sources[$0.location.file]) } + (message.isEmpty ? [] : [location.map { "\($0): \(message)" } ?? message])
        return parts.joined(separator: "\n\n")
    }
}
