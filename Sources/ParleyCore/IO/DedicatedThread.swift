import Foundation

/// Blocking work (opening or writing a file that may be a FIFO or on a slow disk, waiting for a
/// child process, draining its pipes, polling a file) done on a thread of its own, so the task that
/// awaits it gives its thread back.
///
/// Every task runs on one of a few threads, the concurrency pool's one per core (or NIO's event
/// loops, where a program installs them as the executor). A call that blocks one holds up every
/// job queued on it, and a call that never returns (a FIFO nobody reads) stalls the run. A thread
/// per wait costs a little memory and a spawn, so it is for the waits, not for every event.
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
