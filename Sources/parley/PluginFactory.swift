import AsyncHTTPClient
import Foundation
import Logging
import ParleyCore
import ParleyFiles
import ParleyLog
import ParleyModel
import ParleyWebhook

/// Maps the plugins of parley.yaml and the report options of `parley run` to plugin values:
/// the only place that knows which plugin name is which type.
struct PluginFactory {
    /// The folder of parley.yaml: relative report folders resolve against it.
    var projectDirectory: URL
    /// Whether standard output is a terminal (for `color: auto`).
    var isTerminal: Bool
    var logger: Logger
    /// The run's HTTP client, for the webhook.
    var httpClient: HTTPClient

    /// The plugins for `configs`, whose settings are already rendered, in order.
    func plugins(_ configs: [(PluginConfig, [String: JSONValue])]) throws(InvalidInput) -> [any Plugin] {
        var plugins: [any Plugin] = []
        for (config, settings) in configs {
            // Before the webhook's own check, which cannot name the secret: its message carries its own location.
            if config.kind == .webhook { try HeaderSecrets.check(webhook: config, settings: settings) }
            do {
                switch config.kind {
                case .log:
                    plugins.append(LogPlugin(options: try LogPlugin.Options.parse(settings), sink: LogPlugin.standardOutput, isTerminal: isTerminal, logger: logger))
                case .files:
                    plugins.append(FilesPlugin(options: try FilesPlugin.Options.parse(settings), baseDirectory: projectDirectory))
                case .webhook:
                    plugins.append(try WebhookPlugin(settings: settings, client: httpClient))
                case .metrics, .exec:
                    throw InvalidInput("the \(config.kind.rawValue) plugin is not built yet", at: config.location)
                }
            } catch let error as InvalidInput {
                throw error
            } catch {
                throw InvalidInput("\(error)", at: config.location)
            }
        }
        // A run always shows its progress and summary, even when parley.yaml names no log plugin.
        if !configs.contains(where: { $0.0.kind == .log }) {
            plugins.insert(LogPlugin(options: LogPlugin.Options(), sink: LogPlugin.standardOutput, isTerminal: isTerminal, logger: logger), at: 0)
        }
        return plugins
    }

    /// A `files` plugin writing one report the command line asked for (`--junit`, `--json`, `--transcripts`).
    static func reportPlugin(junit: String? = nil, json: String? = nil, transcripts: String? = nil) -> any Plugin {
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
