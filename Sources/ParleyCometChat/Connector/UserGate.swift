import Foundation
import ParleyModel

/// One conversation at a time per CometChat user. CometChat delivers a user's messages and run
/// events to every connection of that user, so two flows acting as the same user at once would
/// read each other's events; flows that share a user (on one REST host) wait for each other.
/// A run holds one gate per user in its ``CometChatUsers``.
actor UserGate {
    private var busy = false
    private var waiters: [(id: UUID, continuation: CheckedContinuation<Void, any Error>)] = []

    /// Returns once the user is free (now, or when the session before leaves); throws when the
    /// waiting task is cancelled.
    func enter() async throws {
        if !busy {
            busy = true
            return
        }
        let id = RandomID.uuid()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled { return continuation.resume(throwing: CancellationError()) }
                waiters.append((id, continuation))
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    /// How many sessions wait for the user.
    var waiting: Int { waiters.count }

    /// Frees the user for the next waiting session.
    func leave() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().continuation.resume()
        }
    }

    private func cancel(_ id: UUID) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }
}
