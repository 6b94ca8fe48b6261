import ParleyModel

/// One run of one flow: a flow file, a data row, a repetition and an attempt.
public struct FlowRun: Hashable, Sendable, Identifiable {
    /// Unique within a suite run: `Flows/01-order.flow.yaml`, `…#row2`, `…#rep3`.
    public var id: String
    /// The flow's name, with the data row when there is one: `Order A-1042` for `flow: "Order ${order}"`, else `Order status [row 2]`.
    public var name: String
    /// The flow file, as given on the command line or found in a folder.
    public var path: String
    /// Where the flow is written (its `flow:` key).
    public var location: SourceLocation
    public var tags: [String]
    /// The data row (from 1), when the flow has `data:`.
    public var row: Int?
    /// The repetition (from 1) under `--repeat`.
    public var repetition: Int
    /// The whole-flow attempt (from 1) under `--retries`.
    public var attempt: Int
    /// The agent it talks to, by name in parley.yaml (after `--agent`); nil when not known.
    public var agent: String?

    /// Creates a flow run.
    public init(
        id: String, name: String, path: String, location: SourceLocation, tags: [String] = [], row: Int? = nil,
        repetition: Int = 1, attempt: Int = 1, agent: String? = nil
    ) {
        self.id = id
        self.name = name
        self.path = path
        self.location = location
        self.tags = tags
        self.row = row
        self.repetition = repetition
        self.attempt = attempt
        self.agent = agent
    }
}
