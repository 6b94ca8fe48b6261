import Foundation
import ParleyModel
import ParleyParser

/// Reads agent scripts (docs/simulator.md) and reports every problem at `file:line:column`.
public enum AgentScriptParser {
    /// The outcome of parsing one script.
    public struct Result: Sendable {
        /// The script; nil when any error was found.
        public var script: AgentScript?
        /// Every problem found, in file order.
        public var diagnostics: [Diagnostic]
        /// The file's text, for code frames.
        public var source: SourceText?

        /// All diagnostics with code frames, one blank line apart.
        public func rendered() -> String {
            diagnostics.map { $0.rendered(source: source) }.joined(separator: "\n\n")
        }

        /// The script, or an error carrying the diagnostics.
        public func get() throws(AgentScriptError) -> AgentScript {
            if let script { return script }
            throw AgentScriptError(diagnostics: diagnostics, rendered: rendered())
        }
    }

    /// Parses the script at `path`. The same text is parsed once: a run's planning and
    /// `parley validate` reach one script through several agents (the simulator's, a served
    /// PolyAI or CometChat agent's, the script check), and each parse cost a debug `parley` tens
    /// of milliseconds.
    public static func parse(path: String, loader: YAMLLoader = YAMLLoader()) -> Result {
        cache.result(path: path, limit: loader.maxBytes, key: { CacheKey(path: path, text: $0, loader: loader) }) {
            finish(loader.load(path: path))
        }
    }

    /// What a parse depends on: the file's bytes and how it is read.
    struct CacheKey: Hashable, Sendable {
        var path: String
        var text: Data
        var loader: YAMLLoader
    }

    /// Enough for the scripts of every agent a project names; past it the cache starts afresh.
    private static let cache = ParseCache<CacheKey, Result>(capacity: 32)

    /// Parses script text as if read from `path`.
    public static func parse(text: String, path: String, loader: YAMLLoader = YAMLLoader()) -> Result {
        finish(loader.load(text: text, path: path))
    }

    private static func finish(_ loaded: YAMLLoader.Loaded) -> Result {
        let context = ParseContext()
        // Carets inside scalars find their column in the script's text.
        if let source = loaded.source { context.sources[source.path] = source }
        context.append(loaded.diagnostics)
        let script = loaded.root.flatMap { ScriptReader(context: context).script($0) }
        let diagnostics = context.diagnostics.enumerated().sorted {
            let (a, b) = ($0.element.location, $1.element.location)
            return (a.line, a.column, $0.offset) < (b.line, b.column, $1.offset)
        }.map(\.element)
        let failed = diagnostics.contains { $0.severity == .error }
        return Result(script: failed ? nil : script, diagnostics: diagnostics, source: loaded.source)
    }
}

/// A script that could not be read: its diagnostics, rendered as the CLI prints them.
public struct AgentScriptError: Error, Sendable, CustomStringConvertible {
    /// Every problem found.
    public var diagnostics: [Diagnostic]
    /// The diagnostics with code frames.
    public var rendered: String

    public var description: String { rendered }
}
