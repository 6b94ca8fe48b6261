import Foundation

/// A flag set once from a callback and read after it, across tasks.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    var value: Bool { lock.withLock { isSet } }
    func set() { lock.withLock { isSet = true } }
}
