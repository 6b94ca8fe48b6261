import Foundation
import ParleyCore
import ParleyModel

/// A unit-test agent: each user action schedules events at exact offsets on the run's clock, and
/// faults can be scripted in among them. Not the simulator: just enough to drive the runners.
struct ScriptedAgent: Sendable {
    /// Something the agent does at an offset from the action (or the session's opening).
    enum Item: Sendable {
        case event(AgentEvent)
        /// The transport fails here: `next` throws a `ConnectorError` with this message.
        case fail(String)
    }

    /// An item and its offset.
    struct Timed: Sendable {
        var offset: Duration
        var item: Item
    }

    /// Events the agent sends when the session opens.
    var greeting: [Timed] = []
    var agentSpeaksFirst = false
    /// The reaction to an action, given the session's number (from 1, counting every open).
    var reaction: @Sendable (_ session: Int, _ action: UserAction) -> [Timed]
    /// When set, `perform` throws this message.
    var performFailure: String?

    init(
        greeting: [Timed] = [], agentSpeaksFirst: Bool = false, performFailure: String? = nil,
        reaction: @escaping @Sendable (_ session: Int, _ action: UserAction) -> [Timed]
    ) {
        self.greeting = greeting
        self.agentSpeaksFirst = agentSpeaksFirst
        self.performFailure = performFailure
        self.reaction = reaction
    }

    /// An agent that answers every message with `text` and ends its turn.
    static func replying(_ text: @escaping @Sendable (String) -> String) -> ScriptedAgent {
        ScriptedAgent { _, action in
            guard case .send(let said) = action else { return [] }
            return [
                at(.ms(10), .runStarted(runID: "r", threadID: nil)), at(.ms(50), Events.reply(text(said))),
                at(.ms(60), .runFinished(runID: "r", outcome: .success)), at(.ms(70), .turnEnded),
            ]
        }
    }

    static func at(_ offset: Duration, _ event: AgentEvent) -> Timed { Timed(offset: offset, item: .event(event)) }
    static func failing(at offset: Duration, _ message: String) -> Timed { Timed(offset: offset, item: .fail(message)) }
}

/// Opens `ScriptedSession`s and counts them.
final class ScriptedConnector: Connector, @unchecked Sendable {
    private let lock = NSLock()
    let agent: ScriptedAgent
    /// When set, `openSession` throws this message.
    let openFailure: String?
    /// Opens wait (up to two real seconds) until this many sessions have been opened, to show parallelism.
    let rendezvous: Int
    private var opened = 0
    private var open = 0
    private var peak = 0
    private var closes = 0
    private var performed: [UserAction] = []

    init(_ agent: ScriptedAgent, openFailure: String? = nil, rendezvous: Int = 0) {
        self.agent = agent
        self.openFailure = openFailure
        self.rendezvous = rendezvous
    }

    var capabilities: ConnectorCapabilities { .all }

    /// Sessions opened so far.
    var sessionsOpened: Int { lock.withLock { opened } }
    /// The most sessions open at once.
    var peakOpen: Int { lock.withLock { peak } }
    /// `close` calls so far.
    var closeCount: Int { lock.withLock { closes } }
    /// Every action performed, in order, over all sessions.
    var actions: [UserAction] { lock.withLock { performed } }

    func openSession(_ request: SessionRequest) async throws -> any AgentSession {
        if let openFailure { throw ConnectorError(openFailure) }
        let number = lock.withLock {
            opened += 1
            open += 1
            peak = max(peak, open)
            return opened
        }
        let start = ContinuousClock.now
        while lock.withLock({ opened < rendezvous }) && ContinuousClock.now - start < .seconds(2) {
            try await Task.sleep(for: .milliseconds(5))
        }
        return ScriptedSession(agent: agent, number: number, clock: request.clock, connector: self)
    }

    fileprivate func closed() { lock.withLock { open -= 1; closes += 1 } }
    fileprivate func record(_ action: UserAction) { lock.withLock { performed.append(action) } }
}

/// One scripted conversation: items wait in time order and `next` hands them out as the clock reaches them.
final class ScriptedSession: AgentSession, @unchecked Sendable {
    private let lock = NSLock()
    private let agent: ScriptedAgent
    private let number: Int
    private let clock: any MonotonicClock
    private let connector: ScriptedConnector
    private var queue: [(at: Duration, item: ScriptedAgent.Item)] = []
    private var isClosed = false

    init(agent: ScriptedAgent, number: Int, clock: any MonotonicClock, connector: ScriptedConnector) {
        self.agent = agent
        self.number = number
        self.clock = clock
        self.connector = connector
        schedule(agent.greeting)
    }

    var agentSpeaksFirst: Bool { agent.agentSpeaksFirst }

    private func schedule(_ items: [ScriptedAgent.Timed]) {
        let now = clock.now
        lock.withLock {
            queue += items.map { (now + $0.offset, $0.item) }
            queue.sort { $0.at < $1.at }
        }
    }

    func next(before deadline: Duration) async throws -> AgentEvent? {
        let first = lock.withLock { queue.first }
        guard let first, first.at <= deadline else {
            try await clock.sleep(until: deadline)
            return nil
        }
        try await clock.sleep(until: first.at)
        lock.withLock { _ = queue.removeFirst() }
        switch first.item {
        case .event(let event): return event
        case .fail(let message): throw ConnectorError(message)
        }
    }

    func perform(_ action: UserAction) async throws {
        if let failure = agent.performFailure { throw ConnectorError(failure) }
        connector.record(action)
        schedule(agent.reaction(number, action))
    }

    func close() async {
        let first = lock.withLock {
            defer { isClosed = true }
            return !isClosed
        }
        if first { connector.closed() }
    }
}
