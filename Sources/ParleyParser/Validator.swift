import Foundation
import ParleyModel

/// Checks flow files and project files the way `parley validate` does, collecting every problem.
public final class Validator {
    /// What a validation found.
    public struct Report {
        /// Flow files checked, in the order found.
        public var flowFiles: [String] = []
        /// Project files read.
        public var projectFiles: [String] = []
        /// The flows that parsed, by path.
        public var flows: [String: Flow] = [:]
        /// Every file each flow file's parse read or looked for, by flow file: the file itself,
        /// the files it includes (and they include) and its CSV data file, whether or not it parsed.
        public var inputs: [String: Set<String>] = [:]
        /// Every problem, ordered by file, line and column.
        public var diagnostics: [Diagnostic] = []
        /// File texts, for code frames.
        public var sources: [String: SourceText] = [:]

        /// Whether any error was found.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

        /// All diagnostics rendered with code frames, one blank line apart.
        public func rendered() -> String {
            diagnostics.map { $0.rendered(source: sources[$0.location.file]) }.joined(separator: "\n\n")
        }
    }

    private let loader: YAMLLoader
    private let catalog: Catalog
    private var projects: [String: ProjectParser.Result] = [:]

    /// Creates a validator.
    /// Creates a validator that checks agents and plugins against `catalog`.
    public init(loader: YAMLLoader = YAMLLoader(), catalog: Catalog = .builtIn) {
        self.loader = loader
        self.catalog = catalog
    }

    /// The suffixes of flow files: `.flow.yml` too, since YAML tools write both and a flow
    /// skipped for its spelling would pass by never running.
    public static let flowSuffixes = [".flow.yaml", ".flow.yml"]

    /// The files under the given files and folders: flow files (`*.flow.yaml` and `*.flow.yml`, or any file named
    /// directly) and project files (`parley.yaml`), each sorted; and the paths that do not exist.
    public static func files(in paths: [String]) -> (flows: [String], projects: [String], missing: [String]) {
        var flows: [String] = []
        var projects: [String] = []
        var missing: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            guard isDirectory.boolValue else {
                if (path as NSString).lastPathComponent == ProjectParser.fileName {
                    projects.append(path)
                } else {
                    flows.append(path)
                }
                continue
            }
            // A folder given as a symlink is searched where it points. Hidden files and folders are
            // not searched: .git, .parley, and the `..2026_…` copy a Kubernetes ConfigMap volume
            // keeps beside its visible links, which would run every flow twice.
            let root = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
                $0.hasPrefix("/") ? $0 : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent($0)
            } ?? path
            let found = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
                .filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
                .map { path == "." ? $0 : (path as NSString).appendingPathComponent($0) }
            flows += found.filter { file in flowSuffixes.contains { file.hasSuffix($0) } }
            projects += found.filter { ($0 as NSString).lastPathComponent == ProjectParser.fileName }
        }
        return (flows, projects, missing)
    }

    /// Validates files and folders: every flow file, every `parley.yaml` found or used by a flow.
    public func validate(paths: [String]) -> Report {
        var report = Report()
        let (flows, projectFiles, missing) = Self.files(in: paths)
        for path in missing {
            report.diagnostics.append(.error("no such file or folder", at: SourceLocation(file: path, line: 1, column: 1)))
        }
        for path in projectFiles { _ = project(at: path, into: &report) }
        for file in flows {
            report.flowFiles.append(file)
            let parsed = FlowParser(loader: loader, catalog: catalog).parse(path: file)
            report.sources.merge(parsed.sources) { current, _ in current }
            report.inputs[file] = parsed.files.union([file])
            report.diagnostics += parsed.diagnostics
            guard let flow = parsed.flow else { continue }
            report.flows[file] = flow
            report.diagnostics += VariableChecker.check(flow)
            report.diagnostics += checkAgent(flow, file: file, into: &report)
        }
        report.diagnostics = Self.ordered(report.diagnostics)
        return report
    }

    /// The project file that applies to `file`, parsed once per path.
    private func project(at path: String, into report: inout Report) -> ProjectConfig? {
        let key = FlowParser.standardized(path)
        if let cached = projects[key] { return cached.config }
        let result = ProjectParser.parse(path: path, loader: loader, catalog: catalog)
        projects[key] = result
        report.projectFiles.append(path)
        report.diagnostics += result.diagnostics
        if let source = result.source { report.sources[path] = source }
        return result.config
    }

    private func checkAgent(_ flow: Flow, file: String, into report: inout Report) -> [Diagnostic] {
        guard case .named(let name)? = flow.agent else { return [] }
        guard let projectPath = ProjectParser.locate(from: file) else {
            return [.error("agent '\(name.value)' needs a parley.yaml in this folder or one above it to define it", at: name.location)]
        }
        // Report the project file as the user would name it: relative when the flow path was.
        let shown = Self.relative(projectPath)
        guard let project = project(at: shown, into: &report) else { return [] }
        if project.agent(named: name.value) != nil { return [] }
        let names = project.agents.map(\.name)
        return [
            .error(
                "unknown agent '\(name.value)' (\(shown) defines \(names.isEmpty ? "no agents" : names.joined(separator: ", ")))\(Suggestion.hint(for: name.value, in: names))",
                at: name.location)
        ]
    }

    /// `path` relative to the working directory when it lies below it.
    static func relative(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    /// Sorted by file, line, column; exact repeats (a shared include seen twice) dropped.
    static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return diagnostics.filter { seen.insert($0).inserted }.sorted {
            ($0.location.file, $0.location.line, $0.location.column) < ($1.location.file, $1.location.line, $1.location.column)
        }
    }
}
