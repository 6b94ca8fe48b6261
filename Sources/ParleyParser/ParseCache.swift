import Foundation

/// Files parsed already, by path and exact text: a file whose text changed is a new key, so a
/// cached result is never stale. Bounded, and shared by every parse of one kind in the process.
public final class ParseCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let capacity: Int
    private let lock = NSLock()
    private var results: [Key: Value] = [:]

    /// A cache that starts afresh once it holds `capacity` results.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The result for the file at `path`: kept from an earlier parse of the same bytes (`key`
    /// makes the key from them), or `parse()`'s, kept. A file that cannot be read, or is over
    /// `limit`, is parsed afresh every time: the parser says why.
    public func result(path: String, limit: Int, key: (Data) -> Key, parse: () -> Value) -> Value {
        guard let text = FileManager.default.contents(atPath: path), text.count <= limit else { return parse() }
        let key = key(text)
        if let known = lock.withLock({ results[key] }) { return known }
        let result = parse()
        lock.withLock {
            if results.count >= capacity { results.removeAll() }
            results[key] = result
        }
        return result
    }
}
