import ParleyModel
import ParleyParser

/// Every problem planning found, in one list: what `parley validate` prints and what stops
/// `parley run` with exit 2, word for word.
public struct PlanFindings: Sendable {
    /// Problems with a place in a file, ordered by file, line and column.
    public internal(set) var diagnostics: [Diagnostic] = []
    /// Problems of the command line (`--agent`, `--var`), in the order found.
    public internal(set) var general: [(severity: Diagnostic.Severity, message: String)] = []
    /// File texts, for code frames.
    public internal(set) var sources: [String: SourceText] = [:]

    public var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error } || general.contains { $0.severity == .error }
    }

    public var errorCount: Int {
        diagnostics.filter { $0.severity == .error }.count + general.filter { $0.severity == .error }.count
    }

    public var isEmpty: Bool { diagnostics.isEmpty && general.isEmpty }

    mutating func add(_ problem: InvalidInput) {
        sources.merge(problem.sources) { current, _ in current }
        if problem.location == nil && !problem.message.isEmpty { note(.error, problem.message) }
        append(problem.located)
    }

    /// Adds diagnostics, dropping exact repeats (a script two agents share).
    mutating func append(_ more: [Diagnostic]) {
        for diagnostic in more where !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
    }

    public mutating func note(_ severity: Diagnostic.Severity, _ message: String) {
        if !general.contains(where: { $0.severity == severity && $0.message == message }) { general.append((severity, message)) }
    }

    /// `rendered()` with every secret the plan read masked: a setting's own error (a URL with a
    /// bad scheme) can quote the value it was given, and planning happens before any plugin masks.
    public func rendered(masking secrets: Set<String>) -> String {
        Redactor(secrets: secrets).redact(rendered())
    }

    /// Diagnostics with code frames, then the command line's problems, one blank line apart.
    public func rendered() -> String {
        let ordered = diagnostics.sorted {
            ($0.location.file, $0.location.line, $0.location.column) < ($1.location.file, $1.location.line, $1.location.column)
        }
        return (ordered.map { $0.rendered(source: sources[$0.location.file]) } + general.map { "\($0.severity.rawValue): \($0.message)" })
            .joined(separator: "\n\n")
    }
}
