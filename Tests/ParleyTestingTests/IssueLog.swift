import Foundation
import Testing

/// The issues a `withKnownIssue` matcher saw, kept for the test to check after the block.
final class IssueLog: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [Issue] = []

    /// Keeps `issue`; answers true so the block's issue counts as known.
    func keep(_ issue: Issue) -> Bool {
        lock.withLock { kept.append(issue) }
        return true
    }

    var issues: [Issue] { lock.withLock { kept } }
}
