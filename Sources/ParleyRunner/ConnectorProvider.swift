import ParleyCore
import ParleyModel

/// A connector Parley can run flows against: its name and settings, and how to make one.
///
/// `make` gets an agent's settings already rendered (`${env.X}`, `${secret.X}` filled in) and
/// checked against `declaration` (no unknown keys, the required ones present). It builds the
/// connector without connecting: `parley validate` calls it too. A thrown `InvalidInput` is
/// reported as it is; any other error as "agent 'name': <error>" at the agent in parley.yaml.
public struct ConnectorProvider: Sendable {
    public typealias Make = @Sendable (ConnectorContext) throws -> any Connector

    public var declaration: ProviderDeclaration
    public var make: Make

    /// A provider.
    public init(_ declaration: ProviderDeclaration, make: @escaping Make) {
        self.declaration = declaration
        self.make = make
    }
}
