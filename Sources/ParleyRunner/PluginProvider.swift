import ParleyCore
import ParleyModel

/// A plugin parley.yaml may name under `plugins:`: its name and settings, and how to make one.
///
/// `make` gets the entry's settings already rendered and checked against `declaration`. It must
/// not start anything that outlives a `parley validate` (the host calls `handle` and `finish`).
/// A thrown `InvalidInput` is reported as it is; any other error at the plugin's entry.
public struct PluginProvider: Sendable {
    public typealias Make = @Sendable (PluginContext) throws -> any Plugin

    public var declaration: ProviderDeclaration
    public var make: Make

    /// A provider.
    public init(_ declaration: ProviderDeclaration, make: @escaping Make) {
        self.declaration = declaration
        self.make = make
    }
}
