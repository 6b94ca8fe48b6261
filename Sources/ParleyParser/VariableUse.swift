import ParleyModel

/// The variables a flow reads, for checking `--var` against the flows it is given to.
public struct VariableUse: Sendable {
    /// Every variable name the flow reads (includes and conditions too).
    public var referenced: Set<String>
    /// Variables a `send` or a matcher reads before anything reassigns them, at their first such use.
    public var operands: [String: SourceLocation]

    /// What `flow` reads.
    public init(_ flow: Flow) {
        let checker = VariableChecker.scan(flow)
        referenced = checker.referenced
        operands = checker.operands
    }
}
