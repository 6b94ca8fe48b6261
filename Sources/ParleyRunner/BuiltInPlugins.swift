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
            options: try LogPlugin.Options.parse(context.settings), sink: LogPlugin.standardOutput,
            flush: LogPlugin.flushStandardOutput, isTerminal: context.isTerminal,
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

    /// One `files` plugin writing the reports the command line asked for (`--junit`, `--json`,
    /// `--html`, `--transcripts DIR`), paths taken from the current folder; nil when none was.
    /// One plugin, so the JSON report names the transcripts written beside it.
    static func report(junit: String?, json: String?, html: String?, transcripts: String?) -> (any Plugin)? {
        guard junit != nil || json != nil || html != nil || transcripts != nil else { return nil }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        // --transcripts DIR: the transcripts go straight into DIR, as the README says.
        let options = FilesPlugin.Options(
            dir: ".", junit: junit, json: json, html: html, transcripts: transcripts != nil, transcriptsSubfolder: transcripts ?? "")
        return FilesPlugin(options: options, baseDirectory: cwd)
    }
}
