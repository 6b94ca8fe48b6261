import Foundation
import Logging
import ParleyModel

/// What a plugin provider is given to make one plugin.
public struct PluginContext: Sendable {
    /// The entry's settings, rendered; `RunRequest.pluginSettings` already applied.
    public var settings: [String: JSONValue]
    /// The folder of parley.yaml: relative paths resolve against it.
    public var projectDirectory: URL
    /// Whether standard output is a terminal (for `color: auto`).
    public var isTerminal: Bool
    /// Where the entry is written, for messages.
    public var location: SourceLocation
    /// What the run shares: one HTTP client, the logger, per-run state.
    public var resources: RunResources

    /// The logger plugins log their own trouble to.
    public var logger: Logger { resources.logger }
}
