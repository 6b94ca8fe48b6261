import ServiceLifecycle

/// Runs the work of every session (plays, delayed echoes) as child tasks of one service, so it
/// keeps going while sockets come and go, and stops when the server shuts down.
final class PolyAITaskPool: Service, Sendable {
    private let work: AsyncStream<@Sendable () async -> Void>
    private let submissions: AsyncStream<@Sendable () async -> Void>.Continuation

    init() {
        (work, submissions) = AsyncStream.makeStream()
    }

    /// Starts `task` in the pool; it is cancelled when the server stops.
    func submit(_ task: @escaping @Sendable () async -> Void) {
        submissions.yield(task)
    }

    func run() async throws {
        // Plays never finish on their own accord before shutdown: they are cancelled, not awaited.
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for await task in self.work {
                    group.addTask { await task() }
                }
            }
        }
    }
}
