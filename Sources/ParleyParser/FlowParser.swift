import Foundation
import ParleyModel

/// Parses flow files, following `include:` to other files and reporting cycles.
public final class FlowParser {
    /// The outcome of parsing one flow file.
    public struct Result {
        /// The flow, when the file could be read as one (it may still have diagnostics).
        public var flow: Flow?
        /// Every problem found, in this file and the files it includes.
        public var diagnostics: [Diagnostic]
        /// The text of every file read, by path, for code frames.
        public var sources: [String: SourceText]
        /// Every file the parse read or looked for (a missing included or data file too): a
        /// change to any of them means the flow reads differently.
        public var files: Set<String> = []
    }

    private let loader: YAMLLoader
    private let catalog: Catalog
    private var sources: [String: SourceText] = [:]
    /// Files being parsed, outermost first, as standardized paths: an include of one of these is a cycle.
    private var stack: [String] = []
    /// The paths as written, parallel to `stack`, for messages.
    private var stackNames: [String] = []
    /// Every file read or looked for, as resolved.
    private var files: Set<String> = []

    /// Creates a parser; inline agents are checked against `catalog`'s connectors.
    public init(loader: YAMLLoader = YAMLLoader(), catalog: Catalog = .builtIn) {
        self.loader = loader
        self.catalog = catalog
    }

    /// Parses the flow file at `path`.
    public func parse(path: String) -> Result {
        let context = ParseContext(catalog: catalog)
        let flow = parseFile(path: path, context)
        return Result(flow: flow, diagnostics: context.diagnostics, sources: sources, files: files)
    }

    /// Parses flow text as if read from `path` (includes are still read from disk).
    public func parse(text: String, path: String) -> Result {
        let context = ParseContext(catalog: catalog)
        let flow = parse(text: text, path: path, context)
        return Result(flow: flow, diagnostics: context.diagnostics, sources: sources, files: files)
    }

    /// Parses flow text into `context`, for tests that count the context's work.
    func parse(text: String, path: String, _ context: ParseContext) -> Flow? {
        parse(loader.load(text: text, path: path), path: path, context)
    }

    private func parseFile(path: String, shownAs name: String? = nil, _ context: ParseContext) -> Flow? {
        files.insert(path)
        return parse(loader.load(path: path), path: path, shownAs: name, context)
    }

    /// `name` is how messages show the file: the path as its `include:` wrote it.
    private func parse(_ loaded: YAMLLoader.Loaded, path: String, shownAs name: String? = nil, _ context: ParseContext) -> Flow? {
        if let source = loaded.source {
            sources[path] = source
            context.sources[path] = source
        }
        context.append(loaded.diagnostics)
        guard let root = loaded.root else { return nil }
        stack.append(Self.standardized(path))
        stackNames.append(name ?? path)
        defer {
            stack.removeLast()
            stackNames.removeLast()
        }
        return flow(root, path: path, context)
    }

    private func flow(_ root: YAMLNode, path: String, _ context: ParseContext) -> Flow? {
        let shape = "a flow: a mapping with 'flow:' (its name) and 'steps:'"
        guard let reader = MappingReader(root, context, expected: shape) else { return nil }
        reader.rejectUnknownKeys(allowed: FlowKey.allCases.map(\.rawValue), in: "flow", context)
        reader.require(["flow", "steps"], in: "a flow file", context)
        let steps = StepParser(context: context, includes: IncludeResolver(parser: self))
        var flow = Flow(name: "", steps: [], location: root.location)
        if let name = reader["flow"] {
            flow.nameTemplate = header(name, "the flow's name", context)
            flow.name = flow.nameTemplate?.literalText ?? Self.scalarText(name) ?? ""
        }
        if let description = reader["description"] {
            flow.descriptionTemplate = header(description, "a description", context)
            flow.description = flow.descriptionTemplate?.literalText ?? Self.scalarText(description)
        }
        flow.tags = reader["tags"].map { context.stringList($0, "a tag").map(\.value) } ?? []
        if let agent = reader["agent"] { flow.agent = agentReference(agent, context) }
        flow.timeout = reader["timeout"].flatMap(context.duration)
        flow.vars = reader["vars"].flatMap { steps.assignments($0, what: "variable name") } ?? []
        if let data = reader["data"] { flow.data = dataSource(data, flowPath: path, context) }
        if let list = reader["steps"] { flow.steps = steps.parseList(list) }
        return flow
    }

    /// A scalar's text as written (the template's, with `${…}` unfilled), without reporting anything.
    static func scalarText(_ node: YAMLNode) -> String? {
        if case .scalar(let text, _) = node.value { return text }
        return nil
    }

    /// The name or description as a template. No secrets: both are shown in every report.
    private func header(_ node: YAMLNode, _ what: String, _ context: ParseContext) -> Template? {
        guard let template = context.template(node, what) else { return nil }
        for case (.secret(let name), let location) in template.references {
            context.error("\(what) cannot use '${secret.\(name)}': it is shown in every report; use a variable or '${env.\(name)}'", at: location)
        }
        return template
    }

    private func agentReference(_ node: YAMLNode, _ context: ParseContext) -> AgentReference? {
        if case .scalar(let name, _) = node.value { return .named(Located(name, at: node.location)) }
        return ProjectParser.agent(named: "", node, context).map(AgentReference.inline)
    }

    private func dataSource(_ node: YAMLNode, flowPath: String, _ context: ParseContext) -> DataSource? {
        switch node.value {
        case .scalar(let file, _):
            let resolved = Self.resolve(file, from: flowPath)
            files.insert(resolved)
            guard let text = try? String(contentsOfFile: resolved, encoding: .utf8) else {
                context.error("data file '\(file)' not found (looked for \(resolved))", at: node.location)
                return nil
            }
            let source = SourceText(path: resolved, text: text)
            sources[resolved] = source
            context.sources[resolved] = source
            return .csv(path: file, rows: csvRows(file: file, resolved: resolved, text: text, at: node.location, context))
        case .sequence(let items):
            let steps = StepParser(context: context, includes: IncludeResolver(parser: self))
            if items.isEmpty { context.error("'data' has no rows, so the flow would never run; give at least one row", at: node.location) }
            return .rows(items.compactMap { steps.assignments($0, what: "variable name") })
        case .mapping:
            context.wrongShape(node, expected: "a list of rows like [{ order: A-1 }] or a CSV file path")
            return nil
        }
    }

    /// Reads an included flow; reports a missing file or a cycle at the `include:` key's value.
    func include(_ node: YAMLNode, with parameters: YAMLNode?, _ context: ParseContext) -> Include? {
        guard let path = context.string(node, "the path of a flow file to include") else { return nil }
        let resolved = Self.resolve(path, from: node.location.file)
        let standardized = Self.standardized(resolved)
        files.insert(resolved)
        if let index = stack.firstIndex(of: standardized) {
            let chain = (stackNames[index...] + [path]).joined(separator: " -> ")
            context.error("include cycle: \(chain)", at: node.location)
            return nil
        }
        guard FileManager.default.fileExists(atPath: resolved) else {
            context.error("included file '\(path)' not found (looked for \(resolved))", at: node.location)
            return nil
        }
        let steps = StepParser(context: context, includes: IncludeResolver(parser: self))
        let with = parameters.flatMap { steps.assignments($0, what: "parameter name") } ?? []
        guard let included = parseFile(path: resolved, shownAs: path, context) else { return nil }
        let declared = included.vars.map(\.name)
        for parameter in with where !declared.contains(parameter.name) {
            context.error(
                "'\(path)' has no variable '\(parameter.name)' to set (declare it under that file's 'vars:')\(Suggestion.hint(for: parameter.name, in: declared))",
                at: parameter.location)
        }
        return Include(path: path, resolvedPath: resolved, parameters: with, defaults: included.vars, steps: included.steps)
    }

    /// `path` relative to the folder of `file`, unless already absolute.
    static func resolve(_ path: String, from file: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

/// The step parser's door to other files, kept apart so steps can be parsed without a file system.
struct IncludeResolver {
    let parser: FlowParser

    func include(_ node: YAMLNode, with parameters: YAMLNode?, _ context: ParseContext) -> Include? {
        parser.include(node, with: parameters, context)
    }
}
