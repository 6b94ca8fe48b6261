import ParleyModel

/// The actions a connector can perform and the events it can report.
public struct ConnectorCapabilities: Hashable, Sendable {
    /// Actions the connector performs; a flow using another is rejected before it runs.
    public var actions: Set<UserAction.Kind>
    /// Events the connector may report; expecting another is a validation warning, not an error.
    public var events: Set<EventKind>

    /// Creates capabilities.
    public init(actions: Set<UserAction.Kind>, events: Set<EventKind>) {
        self.actions = actions
        self.events = events
    }

    /// Everything: the simulator's capabilities.
    public static let all = ConnectorCapabilities(actions: Set(UserAction.Kind.allCases), events: Set(EventKind.allCases))
}
