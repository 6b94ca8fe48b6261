import ParleyModel

/// Talks to one kind of agent: opens one session per flow run (DESIGN section 2).
public protocol Connector: Sendable {
    /// What this connector can do and report, checked before anything runs.
    var capabilities: ConnectorCapabilities { get }

    /// Makes a conversation, ready for its `run()`. Throws a `ConnectorError` when the agent cannot
    /// be reached. Callers use ``withSession(_:_:)``, which runs the session's loops and closes it.
    func openSession(_ request: SessionRequest) async throws -> any AgentSession

    /// Releases what the connector holds (HTTP clients, event loops) once every session is closed.
    func shutdown() async
}

extension Connector {
    /// Nothing to release.
    public func shutdown() async {}

    /// Opens a session for the length of `body`: its loops run in a task group beside `body`, and
    /// once `body` returns the session is closed and its loops are cancelled and awaited, so no
    /// task of the session outlives the call. Throws what opening the session or `body` throws.
    public func withSession<Result>(_ request: SessionRequest, _ body: (any AgentSession) async throws -> Result) async throws -> Result {
        let session = try await openSession(request)
        if !session.hasLoops {
            // No loops to run beside `body`: no group, whose storage and closure would cost every
            // conversation's task memory for its whole life (issue 20).
            return try await closing(session, after: body)
        }
        // Discarding: a `run()` that ends at once (a session with no loops) frees its task at once,
        // instead of holding it for the whole conversation (thousands run at once: issue 20).
        return try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await session.run() }
            defer { group.cancelAll() }
            return try await closing(session, after: body)
        }
    }
}

/// Runs `body`, then closes `session` whether `body` returned or threw. Inlined so that it adds no
/// async frame to every conversation's task (issue 20's memory budget).
@inline(__always)
private func closing<Result>(_ session: any AgentSession, after body: (any AgentSession) async throws -> Result) async throws -> Result {
    do {
        let result = try await body(session)
        await session.close()
        return result
    } catch {
        await session.close()
        throw error
    }
}

/// What a connector needs to open a session.
public struct SessionRequest: Sendable {
    /// A stable id for this flow run (AG-UI thread id, PolyAI local session, and so on).
    public var sessionID: String
    /// The flow's name, for connectors that label conversations.
    public var flowName: String
    /// The run's clock; connectors stamp and schedule with it, never with their own.
    public var clock: any MonotonicClock

    /// Creates a request.
    public init(sessionID: String, flowName: String, clock: any MonotonicClock) {
        self.sessionID = sessionID
        self.flowName = flowName
        self.clock = clock
    }
}
