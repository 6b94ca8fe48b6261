/// Why an event or frame was dropped as the SDK drops it: not a failure, a line for the log.
public struct PolyDrop: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was dropped and why.
    public var reason: String

    /// Creates a drop.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
