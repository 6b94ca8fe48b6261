import Foundation
import Logging
import ParleyModel

/// What a connector provider is given to make one agent's connector.
public struct ConnectorContext: Sendable {
    /// The agent as written: its name (empty for an agent a flow writes inline), connector,
    /// settings as templates and where each is written.
    public var agent: AgentConfig
    /// The agent's name in parley.yaml (empty for an agent a flow writes inline).
    public var agentName: String { agent.name }
    /// Its settings, rendered.
    public var settings: [String: JSONValue]
    /// The folder its relative paths resolve against: parley.yaml's, or the flow's for an inline agent.
    public var directory: String
    /// Where the agent is written, for messages.
    public var location: SourceLocation { agent.location }
    /// What the run shares: one HTTP client, the logger, per-run state.
    public var resources: RunResources

    /// `path` resolved against `directory`, as messages show it.
    public func resolve(_ path: String) -> String {
        ConnectorFactory.tidy(path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path))
    }

    /// Where setting `key` is written (the agent's place when it is not), for messages about it.
    public func location(of key: String) -> SourceLocation {
        guard let assignment = agent.settings.first(where: { $0.name == key }) else { return agent.location }
        if case .string(let template) = assignment.value { return template.location }
        return assignment.location
    }

    /// The logger for this agent's connector.
    public var logger: Logger { resources.connectorLogger }
}
