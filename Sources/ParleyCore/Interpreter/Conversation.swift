import ParleyModel

/// What the flow knows of the conversation: the current turn and everything before it.
/// Pure bookkeeping for the interpreter; times are clock readings.
struct Conversation: Sendable {
    /// The events since the last user action.
    private(set) var turn = Turn()
    /// When the current turn began (the user action, or the session's opening).
    private(set) var turnStart: Duration
    /// Every event of the session, oldest first.
    private(set) var history: [AgentEvent] = []
    /// When the last event arrived.
    private(set) var lastEventAt: Duration
    /// When the connector said the current turn ended (its first `turn_ended`), if it has.
    private(set) var turnEndedAt: Duration?
    /// Whether the connection is being re-established: what the agent says next may still be on its way.
    private(set) var isReconnecting = false
    /// Whether no user action has happened yet.
    private(set) var isOpening = true
    /// Whether the agent has said anything this turn: connection events are the link, not the agent.
    private(set) var agentSpoke = false
    /// Counts the turns, so what a read judged of one turn is never taken for the next.
    private(set) var turnNumber = 0
    /// Whether the agent greets first, so the opening turn is open until `turn_ended`.
    let agentSpeaksFirst: Bool
    /// How long the agent must be silent, with no run open, before a turn without `turn_ended` counts as over.
    let quietPeriod: Duration

    init(openedAt start: Duration, agentSpeaksFirst: Bool, quietPeriod: Duration = .seconds(2)) {
        turnStart = start
        lastEventAt = start
        self.agentSpeaksFirst = agentSpeaksFirst
        self.quietPeriod = quietPeriod
    }

    /// Records an event; returns its offset in the turn.
    mutating func record(_ event: AgentEvent, at now: Duration) -> Duration {
        let offset = now - turnStart
        turn.append(event, at: offset)
        history.append(event)
        lastEventAt = now
        if event == .turnEnded, turnEndedAt == nil { turnEndedAt = now }
        if case .connection(let state) = event {
            switch state {
            case .connecting, .reconnecting: isReconnecting = true
            case .open, .failed, .closed: isReconnecting = false
            }
        } else {
            agentSpoke = true
        }
        return offset
    }

    /// A user action opens a new turn.
    mutating func startTurn(at now: Duration) {
        turn = Turn()
        turnNumber += 1
        turnStart = now
        lastEventAt = now
        turnEndedAt = nil
        isOpening = false
        agentSpoke = false
    }

    /// When the turn ended, for reads that wait on it: the connector's `turn_ended`, or the
    /// session's opening when the agent does not greet first (nothing is coming). Nil while open.
    var endedAt: Duration? {
        if let turnEndedAt { return turnEndedAt }
        return isOpening && !agentSpeaksFirst && turn.entries.isEmpty ? turnStart : nil
    }

    /// When an ended turn has settled: `settle` after its end and after its last event, so events
    /// that trail the end (a handoff stage, a persisted message) still count. Nil while open.
    /// A turn whose connection is being re-established has not settled: the replay may hold its tail.
    /// `openingEnds`: whether a session's opening without a greeting counts as ended (conditions
    /// decide on it), or only the connector's `turn_ended` (reads waiting for something to arrive).
    func settledAt(_ settle: Duration, openingEnds: Bool) -> Duration? {
        guard !isReconnecting, let ended = openingEnds ? endedAt : turnEndedAt else { return nil }
        return max(ended, lastEventAt) + settle
    }

    /// Whether the agent is done with the turn, so the flow may act without talking over it.
    func isTurnOver(at now: Duration) -> Bool {
        if turn.hasEnded { return true }
        // A connection being (re-)established: what the agent says next is still on its way, however
        // long the silence (a loaded machine took more than the quiet period to open PolyAI's
        // socket, and the first send went out before the greeting, which then ended its turn).
        if isReconnecting { return false }
        // The opening turn: over at once, unless the agent greets first; then only once it has said something.
        if isOpening && !agentSpoke { return !agentSpeaksFirst }
        // Connectors that cannot say "done": silence with no run open, since the last event or the
        // user action (an agent that never answers has had its turn too, so a retry can send again).
        return !isRunOpen && now - lastEventAt >= quietPeriod
    }

    /// When `isTurnOver` could next become true by silence alone; nil while silence cannot end
    /// the turn (a greeting not yet begun, a run open, a connection not yet open), so there is no
    /// reason to look sooner.
    var quietDeadline: Duration? {
        guard !isRunOpen && !isReconnecting && !(isOpening && !agentSpoke) else { return nil }
        return lastEventAt + quietPeriod
    }

    private var isRunOpen: Bool { turn.openRuns > 0 }

    /// The latest interactive message of `kind` (or with this id), from the whole session.
    func interactive(_ kind: InteractiveKind?, id: String? = nil) -> InteractiveMessage? {
        for event in history.reversed() {
            guard case .interactive(let message) = event else { continue }
            if let id, message.id == id { return message }
            if id == nil, kind == nil || message.kind == kind { return message }
        }
        return nil
    }

    /// The suggestions of the latest reply that offered any.
    var offeredSuggestions: [String] {
        for event in history.reversed() {
            if case .reply(let reply) = event, !reply.suggestions.isEmpty { return reply.suggestions }
        }
        return []
    }
}
