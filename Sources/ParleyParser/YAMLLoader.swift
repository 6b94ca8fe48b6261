import Foundation
import ParleyModel
import Yams

/// Reads YAML into `YAMLNode`s with locations, refusing input that would hang or exhaust memory.
public struct YAMLLoader: Hashable, Sendable {
    /// Files larger than this are refused before they are read: flows are hand-written.
    public var maxBytes: Int
    /// Nodes after alias expansion; past this the document is an alias bomb, not a flow.
    public var maxNodes: Int

    /// Collections nested deeper than this are refused before anything recursive reads them.
    public var maxDepth: Int

    /// Creates a loader with the given limits.
    public init(maxBytes: Int = 1 << 20, maxNodes: Int = 100_000, maxDepth: Int = 100) {
        self.maxBytes = maxBytes
        self.maxNodes = maxNodes
        self.maxDepth = maxDepth
    }

    /// The outcome of loading one file.
    public struct Loaded: Sendable {
        /// The text, for code frames; nil when the file could not be read.
        public var source: SourceText?
        /// The root node; nil when loading failed.
        public var root: YAMLNode?
        /// What went wrong.
        public var diagnostics: [Diagnostic]
    }

    /// Reads and composes the file at `path`.
    public func load(path: String) -> Loaded {
        let start = SourceLocation(file: path, line: 1, column: 1)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes else {
            return Loaded(source: nil, root: nil, diagnostics: [.error("file not found", at: start)])
        }
        if let size = attributes[.size] as? Int, size > maxBytes {
            return Loaded(
                source: nil, root: nil,
                diagnostics: [.error("file is \(size) bytes; files over \(maxBytes) bytes are refused", at: start)])
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            return Loaded(source: nil, root: nil, diagnostics: [.error("file is not readable UTF-8 text", at: start)])
        }
        return load(text: text, path: path)
    }

    /// Composes `text` as if read from `path`.
    public func load(text: String, path: String) -> Loaded {
        let source = SourceText(path: path, text: text)
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard text.utf8.count <= maxBytes else {
            return Loaded(
                source: nil, root: nil,
                diagnostics: [.error("file is \(text.utf8.count) bytes; files over \(maxBytes) bytes are refused", at: start)])
        }
        if let deep = Self.nestingTooDeep(in: source, limit: maxDepth) {
            return Loaded(source: source, root: nil, diagnostics: [.error("nesting deeper than \(maxDepth) levels is refused", at: deep)])
        }
        if let refusal = Self.keyRefusal(in: source) {
            // Yams hashes every key while composing, so an alias bomb anywhere inside a key would
            // hang before our node budget could refuse it. Flows never need such keys.
            return Loaded(source: source, root: nil, diagnostics: [.error(refusal.message, at: refusal.location)])
        }
        let node: Node?
        do {
            // The basic resolver: every scalar is a string, as the converter below reads it.
            // Yams' default resolves each one's type by regular expressions (and again for every
            // key it hashes to find duplicates): a third of a debug parse, for tags never read.
            // Keys are compared as strings, so `1:` beside `"1":` is a duplicate, as it is here.
            node = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            return Loaded(source: source, root: nil, diagnostics: [Self.diagnostic(for: error, source: source)])
        } catch {
            return Loaded(source: source, root: nil, diagnostics: [.error("invalid YAML: \(error)", at: start)])
        }
        guard let node else {
            return Loaded(source: source, root: nil, diagnostics: [.error("file is empty", at: start)])
        }
        var converter = Converter(path: path, budget: maxNodes)
        let root = converter.convert(node)
        return Loaded(source: source, root: converter.diagnostics.isEmpty ? root : nil, diagnostics: converter.diagnostics)
    }

    static func diagnostic(for error: YamlError, source: SourceText) -> Diagnostic {
        let path = source.path
        func at(_ mark: Mark) -> SourceLocation { SourceLocation(file: path, line: mark.line, column: mark.column) }
        let start = SourceLocation(file: path, line: 1, column: 1)
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            if let tab = tabInIndentation(of: mark.line, upTo: mark.column, in: source) {
                return .error("a tab indents this line, and YAML forbids tabs in indentation; indent with spaces", at: tab)
            }
            // The renderer prints the problem's line already; the context's is worth saying only when it differs.
            let while_ = context.map { $0.mark.line == mark.line ? " (\($0.text))" : " (\($0.text) at line \($0.mark.line))" } ?? ""
            return .error("invalid YAML: \(problem)\(while_)", at: at(mark))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return .error("duplicate key \(keys) in this mapping; each key may appear once", at: at(context.mark))
        case .reader(let problem, _, _, _):
            return .error("invalid YAML: \(problem)", at: start)
        case .no, .memory, .writer, .emitter, .representer, .dataCouldNotBeDecoded:
            return .error("invalid YAML: \(error)", at: start)
        }
    }

    /// The first tab among the blanks that start line `number`, when libyaml stopped among them
    /// (at `column` or before): it says "found character that cannot start any token" or "a tab
    /// character that violates indentation", and neither names the tab's place or the fix.
    static func tabInIndentation(of number: Int, upTo column: Int, in source: SourceText) -> SourceLocation? {
        guard let line = source.line(number) else { return nil }
        let blanks = line.unicodeScalars.prefix { $0 == " " || $0 == "\t" }
        guard column <= blanks.count + 1, let index = blanks.firstIndex(of: "\t") else { return nil }
        let column = blanks.distance(from: blanks.startIndex, to: index) + 1
        return SourceLocation(file: source.path, line: number, column: column)
    }

    /// Turns Yams nodes into ours, counting every node it visits so shared aliases cannot blow up.
    private struct Converter {
        let path: String
        let limit: Int
        var budget: Int
        var diagnostics: [Diagnostic] = []
        private var exhausted = false

        init(path: String, budget: Int) {
            self.path = path
            self.limit = budget
            self.budget = budget
        }

        mutating func convert(_ node: Node) -> YAMLNode {
            let location = locate(node.mark)
            budget -= 1
            if budget < 0 {
                if !exhausted {
                    exhausted = true
                    diagnostics.append(
                        .error(
                            "document expands to more than \(limit) nodes through aliases; refusing it (a YAML alias bomb?)",
                            at: location))
                }
                return YAMLNode(value: .scalar("", quoted: false), location: location)
            }
            switch node {
            case .scalar(let scalar):
                return YAMLNode(value: .scalar(scalar.string, quoted: scalar.style != .plain), location: location)
            case .sequence(let sequence):
                var items: [YAMLNode] = []
                for item in sequence where !exhausted { items.append(convert(item)) }
                return YAMLNode(value: .sequence(items), location: location)
            case .mapping(let mapping):
                var pairs: [(key: Located<String>, value: YAMLNode)] = []
                for (key, value) in mapping where !exhausted {
                    guard case .scalar(let scalar) = key else {
                        diagnostics.append(.error("a key must be a plain word, not a list or mapping", at: locate(key.mark)))
                        continue
                    }
                    pairs.append((Located(scalar.string, at: locate(key.mark)), convert(value)))
                }
                return YAMLNode(value: .mapping(pairs), location: location)
            case .alias:
                diagnostics.append(.error("unresolved YAML alias", at: location))
                return YAMLNode(value: .scalar("", quoted: false), location: location)
            }
        }

        private func locate(_ mark: Mark?) -> SourceLocation {
            SourceLocation(file: path, line: mark?.line ?? 1, column: mark?.column ?? 1)
        }
    }
}
