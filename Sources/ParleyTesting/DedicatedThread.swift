import Foundation

/// Blocking work (waiting for a child process, draining its pipes, polling a file) done on a thread
/// of its own, so the task that awaits it gives its thread back to the concurrency pool.
///
/// The pool has one thread per core (two here): a test that blocks one while a `parley` process
/// runs leaves the in-process servers and clients of the other tests one thread or none, and
/// they time out. A thread per wait costs a little memory and nothing else.
public enum DedicatedThread {
    /// Runs `work` on a new thread and returns what it returned (or throws what it threw).
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try work() })
            }
        }
    }

    /// Runs `work`, which cannot fail, on a new thread and returns what it returned.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: work())
            }
        }
    }
}
