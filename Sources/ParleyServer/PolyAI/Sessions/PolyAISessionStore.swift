import Logging
import Foundation
import ParleyCore
import ParleySimulator

/// Every token and session of one server. A token opens any session of this server, not only the
/// one created with it: PolyAI does not say, and the SDK refreshes a token for a session it keeps.
actor PolyAISessionStore {
    private let script: AgentScript
    private let options: PolyAIServerOptions
    private let clock: any MonotonicClock
    private let pool: PolyAITaskPool
    private let logger: Logger
    /// Token → when it expires, as a reading of `clock`.
    private var tokens: [String: Duration] = [:]
    private var sessions: [String: PolyAISession] = [:]
    private var restFaults: PolyAIRestFaultPlan

    init(script: AgentScript, options: PolyAIServerOptions, clock: any MonotonicClock, pool: PolyAITaskPool, logger: Logger) {
        self.logger = logger
        self.script = script
        self.options = options
        self.clock = clock
        self.pool = pool
        restFaults = PolyAIRestFaultPlan(options.restFaults)
    }

    /// Counts a request to `endpoint`; the status a scripted fault answers it with, or nil.
    func restFault(_ endpoint: PolyAIRestFault.Endpoint) -> Int? {
        restFaults.next(endpoint)
    }

    /// A new access token, good for `tokenLifetime`.
    func issueToken() -> String {
        let token = PolyAIAccessToken.mint(lifetime: options.tokenLifetime, now: Date())
        tokens[token] = clock.now + options.tokenLifetime
        return token
    }

    /// Whether `token` was issued here and has not expired.
    func isValid(token: String) -> Bool {
        guard let expiry = tokens[token] else { return false }
        return clock.now < expiry
    }

    /// A new session, its plays running in the pool.
    func createSession(streaming: Bool) -> String {
        let id = UUID().uuidString.lowercased()
        let session = PolyAISession(id: id, streaming: streaming, script: script, options: options, clock: clock, pool: pool, logger: logger)
        sessions[id] = session
        pool.submit { await session.runPlays() }
        return id
    }

    /// The session `id`, if this server created it.
    func session(_ id: String) -> PolyAISession? {
        sessions[id]
    }
}
