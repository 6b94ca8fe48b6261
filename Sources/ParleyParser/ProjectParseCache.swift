import Foundation
import ParleyModel

/// Project files parsed already, by path and exact text: a file whose text changed is a new key,
/// so a cached result is never stale. Bounded, and shared by every parse in the process.
final class ProjectParseCache: @unchecked Sendable {
    static let shared = ProjectParseCache()
    /// Enough for every parley.yaml a run or monitor reads; past it the cache starts afresh.
    static let capacity = 32

    struct Key: Hashable {
        var path: String
        var text: Data
        var loader: YAMLLoader
        var catalog: Catalog
    }

    private let lock = NSLock()
    private var results: [Key: ProjectParser.Result] = [:]

    func result(for key: Key) -> ProjectParser.Result? {
        lock.withLock { results[key] }
    }

    func keep(_ result: ProjectParser.Result, for key: Key) {
        lock.withLock {
            if results.count >= Self.capacity { results.removeAll() }
            results[key] = result
        }
    }

    /// The file's bytes, or nil when it cannot be read or is over `limit` (the loader says why).
    static func text(at path: String, limit: Int) -> Data? {
        guard let data = FileManager.default.contents(atPath: path), data.count <= limit else { return nil }
        return data
    }
}
