import Foundation

/// The CometChat users of one run, each behind one gate (``UserGate``): connectors given the same
/// value run one conversation at a time per user (and REST host), so two agents of one run acting
/// as the same user wait for each other. The composition root makes one per run and hands it to
/// every CometChat connector of that run; separate runs, with separate values, do not wait.
public final class CometChatUsers: @unchecked Sendable {
    private let lock = NSLock()
    private var gates: [String: UserGate] = [:]

    /// No user busy yet.
    public init() {}

    /// The gate for `user` on the app at `restURL`, made on first use.
    func gate(restURL: String, user: String) -> UserGate {
        let key = "\(restURL)|\(user)"
        return lock.withLock {
            if let gate = gates[key] { return gate }
            let made = UserGate()
            gates[key] = made
            return made
        }
    }
}
