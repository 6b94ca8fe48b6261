import ParleyModel

/// Collects the diagnostics of one parse, so every problem in a file is reported in one pass.
/// The flow, project and agent-script readers share it (the simulator's through `package` access).
package final class ParseContext {
    /// The connectors and plugins parley.yaml (or an inline agent) may name.
    package let catalog: Catalog
    package private(set) var diagnostics: [Diagnostic] = []
    /// The text of every file read so far, so a position inside a scalar can be found in its source.
    package var sources: [String: SourceText] = [:]
    /// Each file's lines as Unicode scalars, built on first use and kept: every template aligns
    /// against them, and building them again for each template made validation quadratic.
    private var scalarLinesByFile: [String: [[Unicode.Scalar]]] = [:]
    /// How many times a file's scalar lines were built: once per file. A test pins it, since a
    /// count of work holds on a loaded machine where a timing does not.
    private(set) var scalarLineBuilds = 0

    /// The lines of `file` as Unicode scalars, or nil when its text was not read.
    func scalarLines(of file: String) -> [[Unicode.Scalar]]? {
        if let lines = scalarLinesByFile[file] { return lines }
        guard let source = sources[file] else { return nil }
        scalarLineBuilds += 1
        let lines = source.lines.map { Array($0.unicodeScalars) }
        scalarLinesByFile[file] = lines
        return lines
    }

    /// A context with nothing reported yet, checking agents and plugins against `catalog`.
    package init(catalog: Catalog = .builtIn) {
        self.catalog = catalog
    }

    package func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(.error(message, at: location))
    }

    /// Adds diagnostics found elsewhere (an included file, a nested parse).
    package func append(_ more: [Diagnostic]) {
        diagnostics.append(contentsOf: more)
    }

    /// Reports `node` as the wrong shape: "expected X, got Y".
    package func wrongShape(_ node: YAMLNode, expected: String, context: String? = nil) {
        let prefix = context.map { "\($0): " } ?? ""
        error("\(prefix)expected \(expected), got \(node.shapeName)", at: node.location)
    }
}

/// A mapping node with its keys checked against what the position allows.
package struct MappingReader {
    package let node: YAMLNode
    package let pairs: [(key: Located<String>, value: YAMLNode)]

    /// Reads `node` as a mapping, or reports what was expected instead and returns nil.
    package init?(_ node: YAMLNode, _ context: ParseContext, expected: String) {
        guard case .mapping(let pairs) = node.value else {
            context.wrongShape(node, expected: expected)
            return nil
        }
        self.node = node
        self.pairs = pairs
    }

    /// The value of `key`, if present.
    package subscript(_ key: String) -> YAMLNode? {
        pairs.first { $0.key.value == key }?.value
    }

    /// The located key `key`, if present.
    package func key(_ key: String) -> Located<String>? {
        pairs.first { $0.key.value == key }?.key
    }

    /// Reports every key not in `allowed`, with the closest allowed one as a suggestion.
    package func rejectUnknownKeys(allowed: [String], in place: String, _ context: ParseContext) {
        for (key, _) in pairs where !allowed.contains(key.value) {
            context.error(
                "unknown key '\(key.value)' in \(place)\(Suggestion.hint(for: key.value, in: allowed))", at: key.location)
        }
    }

    /// Reports every key `allowed` does not declare, suggesting the nearest declared key, or the
    /// one an alias stands for (`timeout` for `within`).
    func rejectUnknownKeys(allowed: [KeyDeclaration], in place: String, _ context: ParseContext) {
        for (key, _) in pairs where !allowed.names.contains(key.value) {
            context.error(
                "unknown key '\(key.value)' in \(place)\(Suggestion.hint(for: key.value, in: allowed.names, aliases: allowed.aliases))",
                at: key.location)
        }
    }

    /// Reports each key `keys` declares required that is missing.
    func require(_ keys: [KeyDeclaration], in place: String, _ context: ParseContext) {
        require(keys.requiredNames, in: place, context)
    }

    /// Reports each of `required` that is missing.
    package func require(_ required: [String], in place: String, _ context: ParseContext) {
        for key in required where self[key] == nil {
            context.error("\(place) needs '\(key)'", at: node.location)
        }
    }
}
