import Foundation
import ParleyCore
import ParleyExec
import ParleyFiles
import ParleyLog
import ParleyMetrics
import ParleyModel
import ParleyWebhook

/// Parley's own plugins as providers.
enum BuiltInPlugins {
    static let all: [PluginProvider] = [log, files, webhook, metrics, exec]

    static let log = PluginProvider(Catalog.log) { context in
        LogPlugin(
            options: try LogPlugin.Options.parse(context.settings), sink: LogPlugin.standardOutput, isTerminal: context.isTerminal,
            logger: context.logger)
    }

    static let files = PluginProvider(Catalog.files) { context in
        FilesPlugin(options: try FilesPlugin.Options.parse(context.settings), baseDirectory: context.projectDirectory)
    }

    static let webhook = PluginProvider(Catalog.webhook) { context in
        try WebhookPlugin(settings: context.settings, client: context.resources.httpClient)
    }

    static let metrics = PluginProvider(Catalog.metrics) { context in
        try MetricsPlugin(settings: context.settings, baseDirectory: context.projectDirectory, client: context.resources.httpClient)
    }

    static let exec = PluginProvider(Catalog.exec) { context in
        let options = try ExecPlugin.Options.parse(context.settings)
        // A program that is not there is a mistake in parley.yaml: said before anything runs.
        if case .failure(let problem) = ExecPlugin.program(options, directory: context.projectDirectory) {
            throw InvalidInput("exec: \(problem)", at: context.location)
        }
        return ExecPlugin(options: options, directory: context.projectDirectory, logger: context.logger)
    }

    /// A `files` plugin writing one report the command line asked for (`--junit`, `--json`, `--transcripts`).
    static func report(junit: String? = nil, json: String? = nil, transcripts: String? = nil) -> any Plugin {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if let transcripts {
            // --transcripts DIR: the transcripts go straight into DIR, as the README says.
            return FilesPlugin(options: FilesPlugin.Options(dir: transcripts, transcripts: true, transcriptsSubfolder: ""), baseDirectory: cwd)
        }
        let path = junit ?? json ?? "."
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return FilesPlugin(
            options: FilesPlugin.Options(dir: folder.isEmpty ? "." : folder, junit: junit == nil ? nil : name, json: json == nil ? nil : name),
            baseDirectory: cwd)
    }
}
