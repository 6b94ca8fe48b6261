import ArgumentParser
import Foundation
import ParleyModel
import ParleyMonitor
import ParleyParser
import ParleyRunner

/// `parley history [check]`: the runs `parley monitor` recorded, newest first, as a table or JSON.
struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Print the check runs `parley monitor` recorded, newest first.",
        discussion: """
            The history is read from --history PATH, else from parley.yaml's monitor: history: path: (the nearest \
            parley.yaml in this folder or above), else from .parley/history.sqlite beside parley.yaml. Reading \
            never changes it, so this runs safely beside a running monitor; a run that has not ended is shown \
            as running.
            """
    )

    @Argument(help: "Only this check's runs (a name under monitor: checks:).")
    var check: String?

    @Option(help: "Show at most N runs.")
    var limit: Int = 20

    @Option(help: "The history database (SQLite) to read.")
    var history: String?

    @Flag(help: "Print a JSON array (every field, transcripts included) instead of a table.")
    var json = false

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1; got \(limit)") }
    }

    func run() async throws {
        let (path, configuredChecks) = try locate()
        let reader: HistoryReader
        do {
            reader = try HistoryReader(path: path)
        } catch let error as HistoryError {
            print("parley history: \(error)", to: &standardError)
            throw ExitStatus.invalidInput
        }
        do {
            if let check {
                let known = Set(try await reader.checks() + configuredChecks)
                guard known.contains(check) else {
                    let hint = Suggestion.hint(for: check, in: known.sorted())
                    let message = "no check named '\(check)' in \(path) or parley.yaml\(hint)"
                    print("parley history: \(message.escapingControls)", to: &standardError)
                    throw ExitStatus.invalidInput
                }
            }
            let entries = try await reader.entries(check: check, limit: limit)
            if json {
                print(HistoryReport.json(entries))
            } else if entries.isEmpty {
                let what = check.map { "check '\($0)'".escapingControls } ?? "any check"
                print("no runs of \(what) in \(path) yet")
            } else {
                print(HistoryReport.table(entries))
            }
        } catch let error as HistoryError {
            print("parley history: \(error)", to: &standardError)
            throw ExitStatus.invalidInput
        }
    }

    /// The database's path, and the checks parley.yaml names (for "did you mean").
    private func locate() throws -> (path: String, checks: [String]) {
        let folder = FileManager.default.currentDirectoryPath
        let projectFile = ProjectParser.locate(from: folder)
        var monitor: MonitorConfig?
        if let projectFile {
            let parsed = ProjectParser.parse(path: projectFile, catalog: ParleyCommand.registry.catalog)
            let errors = parsed.diagnostics.filter { $0.severity == .error }
            // A project that does not parse may name another file in history: path:; reading the
            // default instead would show the wrong history. --history needs no project.
            if history == nil && !errors.isEmpty {
                print(errors.map { $0.rendered(source: parsed.source) }.joined(separator: "\n\n") + "\n", to: &standardError)
                print("parley history: fix \(projectFile), or name the database with --history PATH", to: &standardError)
                throw ExitStatus.invalidInput
            }
            monitor = parsed.config?.monitor
        }
        let checks = monitor?.checks.map(\.name) ?? []
        if let history {
            return (URL(fileURLWithPath: history).standardizedFileURL.path, checks)
        }
        return (HistoryLocation.path(for: monitor?.history, projectFile: projectFile, folder: folder), checks)
    }
}
