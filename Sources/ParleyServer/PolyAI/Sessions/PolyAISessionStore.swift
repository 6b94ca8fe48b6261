import Logging
import Foundation
import ParleyModel
import ParleyCore
import ParleySimulator

/// Every token and session of one server. A token opens any session of this server, not only the
/// one created with it: PolyAI does not say, and the SDK refreshes a token for a session it keeps.
///
/// Memory stays bounded however many sessions a long-running server sees (issue 20): a session is
/// forgotten once it has ended and its sockets are closed, or when no client used it for the
/// retention's idle limit, or (least recently used first) past its capacity, but never while a
/// socket is open on it. Tokens are forgotten when they expire, or the oldest past the capacity.
/// A client then gets PolyAI's answers for an unknown session or token (404 `Session not found`,
/// 401 `Invalid or expired access token`). Forgetting happens as requests come, so it needs no task.
actor PolyAISessionStore {
    private let script: AgentScript
    private let options: PolyAIServerOptions
    private let clock: any MonotonicClock
    private let pool: PolyAITaskPool
    private let logger: Logger
    /// Tokens, each touched once when issued, so idle past its lifetime is expired.
    private var tokens: RetentionLedger<String>
    private var sessions: [String: PolyAISession] = [:]
    private var kept: RetentionLedger<String>
    /// Open sockets by session: a session with one is in use, never forgotten.
    private var sockets: [String: Int] = [:]
    /// Sessions that ended while a socket was open: forgotten when the last one closes.
    private var ended: Set<String> = []
    private var restFaults: PolyAIRestFaultPlan

    init(script: AgentScript, options: PolyAIServerOptions, clock: any MonotonicClock, pool: PolyAITaskPool, logger: Logger) {
        self.logger = logger
        self.script = script
        self.options = options
        self.clock = clock
        self.pool = pool
        restFaults = PolyAIRestFaultPlan(options.restFaults)
        tokens = RetentionLedger(retention: ConversationRetention(idleLimit: options.tokenLifetime, capacity: options.retention.capacity))
        kept = RetentionLedger(retention: options.retention)
    }

    /// How many sessions are remembered.
    var count: Int { sessions.count }
    /// How many tokens are remembered.
    var tokenCount: Int { tokens.count }
    /// How many uses are tracked, stale ones included, for tests that they stay bounded.
    var trackedUses: Int { kept.trackedTouches + tokens.trackedTouches }

    /// Counts a request to `endpoint`; the status a scripted fault answers it with, or nil.
    func restFault(_ endpoint: PolyAIRestFault.Endpoint) -> Int? {
        restFaults.next(endpoint)
    }

    /// A new access token, good for `tokenLifetime`.
    func issueToken() -> String {
        let token = PolyAIAccessToken.mint(lifetime: options.tokenLifetime, now: Date())
        let now = clock.now
        tokens.touch(token, at: now)
        _ = tokens.sweep(at: now)
        return token
    }

    /// Whether `token` was issued here and has not expired.
    func isValid(token: String) -> Bool {
        tokens.isKept(token, at: clock.now)
    }

    /// A new session, its plays running in the pool.
    func createSession(streaming: Bool) -> String {
        let id = RandomID.string()
        let session = PolyAISession(
            id: id, streaming: streaming, script: script, options: options, clock: clock, pool: pool, logger: logger,
            onEnded: { [weak self] in await self?.sessionEnded(id) })
        sessions[id] = session
        pool.submit { await session.runPlays() }
        use(id)
        return id
    }

    /// The session `id`, if this server created it and has not forgotten it.
    func session(_ id: String) -> PolyAISession? {
        guard sessions[id] != nil, kept.isKept(id, at: clock.now) else { return nil }
        use(id)
        return sessions[id]
    }

    /// A socket opened on session `id`: it stays until `closed`.
    func opened(_ id: String) {
        sockets[id, default: 0] += 1
        use(id)
    }

    /// A socket of session `id` closed; an ended session with no socket left is forgotten.
    func closed(_ id: String) {
        sockets[id, default: 1] -= 1
        if sockets[id] == 0 { sockets[id] = nil }
        if sockets[id] == nil, ended.contains(id) {
            forget(id)
        } else if sessions[id] != nil {
            use(id)
        }
    }

    /// A client frame on session `id`: it is in use (heartbeats included, as PolyAI's server counts them).
    func used(_ id: String) {
        if sessions[id] != nil { use(id) }
    }

    /// Session `id` played its end (`SESSION_END`): nobody will talk to it again once its sockets close.
    func sessionEnded(_ id: String) {
        guard sessions[id] != nil else { return }
        if sockets[id] == nil { forget(id) } else { ended.insert(id) }
    }

    private func use(_ id: String) {
        let now = clock.now
        kept.touch(id, at: now)
        for id in kept.sweep(at: now, pinned: { sockets[$0] != nil }) { drop(id) }
    }

    private func forget(_ id: String) {
        kept.remove(id)
        drop(id)
    }

    /// Drops session `id` and ends its play task once the plays queued have run.
    private func drop(_ id: String) {
        ended.remove(id)
        sessions.removeValue(forKey: id)?.close()
    }
}
