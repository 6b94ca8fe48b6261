/// A JSON Patch that could not be applied, naming the operation so a `STATE_DELTA` failure can be
/// traced to the exact line of the patch that broke: `operation 2 (replace /user/name): no member 'name'`.
public struct JSONPatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The zero-based index of the failing operation, or nil when the patch as a whole is malformed.
    public var operation: Int?
    /// The operation as `op path` (`replace /user/name`, `move /a from /b`), when it could be read.
    public var summary: String?
    /// What went wrong, readable on its own.
    public var reason: String

    /// Creates an error.
    public init(operation: Int? = nil, summary: String? = nil, reason: String) {
        self.operation = operation
        self.summary = summary
        self.reason = reason
    }

    public var description: String {
        switch (operation, summary) {
        case (let index?, let summary?): "operation \(index) (\(summary)): \(reason)"
        case (let index?, nil): "operation \(index): \(reason)"
        case (nil, let summary?): "\(summary): \(reason)"
        case (nil, nil): reason
        }
    }
}
