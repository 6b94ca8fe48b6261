import Foundation
import ParleyCore
import ParleyModel
import ParleyWebSocket

/// One PolyAI conversation: the REST handshake, then one WebSocket at a time, reconnected by the
/// rules of ``ReconnectPolicy`` to the same session with the cursor. Frames go through the pure
/// ``PolyConversation``; what it reports lands in the mailbox `next` reads, on the run's clock.
final class PolyAISession: AgentSession, @unchecked Sendable {
    let agentSpeaksFirst = true
    private let settings: PolyAISettings
    private var rest: PolyRestClient
    private let clock: any MonotonicClock
    private let wallClock: @Sendable () -> Double
    private let jitter: @Sendable () -> Double
    private let tls: SocketTLS
    private let mailbox: EventMailbox
    private let lock = NSLock()
    private var conversation: PolyConversation
    /// The open socket, and when its last heartbeat went out (or it opened).
    private var socket: PolySocket?
    private var lastBeat: Duration?
    /// The next heartbeat: an alarm on the clock, not a task (on the system clock an entry in
    /// the shared timer), and when it rings.
    private var beatAlarm: ClockAlarm?
    private var beatAt: Duration?
    private var token: AccessToken?
    private var sessionID: String?
    private var finished = false
    /// The attempt in flight and since when, for a flow that stops waiting before it ends.
    private var waitingOn: (attempt: PendingAttempt, since: Duration)?
    /// Whether a failed attempt's reason is already in the mailbox: a flow that stops waiting
    /// just after the retry began is better told that reason than a retry's first moments.
    private var failedBefore = false
    private let timer = DeadlineTimer()

    init(
        settings: PolyAISettings, rest: PolyRestClient, clock: any MonotonicClock, wallClock: @escaping @Sendable () -> Double,
        jitter: @escaping @Sendable () -> Double, tls: SocketTLS
    ) {
        self.settings = settings
        // A handshake call that will be retried says why at once (the callbacks, below): a flow
        // that gives up waiting meanwhile names it instead of "got no reply".
        let mailbox = EventMailbox()
        self.mailbox = mailbox
        self.rest = rest
        self.clock = clock
        self.wallClock = wallClock
        self.jitter = jitter
        self.tls = tls
        conversation = PolyConversation(
            options: .init(joining: settings.chunkJoining, quiet: settings.quiet))
        // Weak: the session owns the client that holds these.
        self.rest.onAttempt = { [weak self] target in self?.wait(on: .request(target)) }
        self.rest.onRetry = { [weak self] reason in
            self?.wait(on: nil, failed: true)
            mailbox.post([.connection(.failed(reason: reason)), .connection(.connecting)])
        }
    }

    /// The connection and the timers, until the session's scope ends; the greeting follows the
    /// agent's join. Two tasks a session: the connection loop reads the socket, the timer loop
    /// keeps the conversation's deadlines; heartbeats are alarms, and frames are written from any
    /// task without waiting.
    func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { [self] in await connectionLoop() }
            group.addTask { [self] in await timerLoop() }
        }
    }

    func next(before deadline: Duration) async throws -> AgentEvent? {
        // Wait, then take: this frame, held while the agent thinks, has no room for an event (issue 20).
        if try await mailbox.wait(before: deadline, clock: clock) { return try mailbox.take() }
        // The flow stopped waiting while an attempt to connect is still in flight (a token endpoint
        // that answers late, a silent socket): report what it waits on, so a step that fails now
        // names it instead of "got no reply".
        guard let stalled = stall() else { return nil }
        lock.withLock { failedBefore = true }
        mailbox.post([.connection(.failed(reason: stalled)), .connection(.connecting)])
        return try await mailbox.next(before: deadline, clock: clock)
    }

    func perform(_ action: UserAction) async throws {
        let now = clock.now
        let reaction: PolyReaction
        switch action {
        case .send(let text), .tap(let text):
            reaction = lock.withLock { conversation.send(text: text, at: now) }
        case .typing:
            reaction = lock.withLock { conversation.typing(at: now) }
        case .end:
            reaction = lock.withLock { conversation.end(at: now) }
        case .submit, .click, .schedule, .respondTool, .resume:
            throw ConnectorError("the polyai connector cannot \(action.kind.rawValue): PolyAI messaging carries text, taps, typing and end")
        }
        if let failure = reaction.failure { throw ConnectorError(failure) }
        apply(reaction)
        if case .end = action {
            // Like the SDK: USER_END_SESSION, then close at once with 1000.
            let open = lock.withLock { () -> PolySocket? in
                finished = true
                return socket
            }
            open?.close(code: 1000, reason: "User ended session")
        }
    }

    /// Ends the conversation; the loops of `run()` are cancelled by the session's scope.
    func close() async {
        let open = lock.withLock { () -> PolySocket? in
            finished = true
            return socket
        }
        open?.close(code: 1000, reason: "Parley finished the flow")
        mailbox.close()
    }

    // MARK: - The connection

    private func connectionLoop() async {
        mailbox.post([.connection(.connecting)])
        do {
            let fresh = try await rest.accessToken()
            let id = try await rest.createSession(token: fresh)
            lock.withLock {
                token = fresh
                sessionID = id
            }
        } catch {
            return fail(error)
        }
        var ladder = ReconnectLadder()
        while !Task.isCancelled, !lock.withLock({ finished }) {
            let opened = clock.now
            let (ending, established) = await connectOnce()
            let worked = established ? clock.now - opened : nil
            if Task.isCancelled || lock.withLock({ finished }) {
                mailbox.post([.connection(.closed)])
                return
            }
            // The server's capability wins over the setting (0 means no limit, as in the SDK).
            let policy = ReconnectPolicy(maxAttempts: lock.withLock { conversation.capabilities.maxReconnectAttempts } ?? settings.maxReconnects)
            let decision = ladder.next(after: ending, worked: worked, policy: policy, jitter: jitter())
            // Why the connection is down, before trying again: what a flow that stops waiting reports.
            if decision != .end {
                lock.withLock { failedBefore = true }
                mailbox.post([.connection(.failed(reason: ReconnectLadder.describe(ending)))])
            }
            switch decision {
            case .end:
                apply(lock.withLock { conversation.closedCleanly(at: clock.now) })
                mailbox.post([.connection(.closed)])
                return
            case .giveUp(let reason):
                return giveUp(reason)
            case .refresh(let attempt, let delay, let sameSession):
                mailbox.post([.connection(.reconnecting(attempt: attempt))])
                guard await pause(delay) else { return }
                do {
                    let fresh = try await rest.accessToken()
                    if sameSession {
                        lock.withLock { token = fresh }
                    } else {
                        let id = try await rest.createSession(token: fresh)
                        let reaction = lock.withLock {
                            token = fresh
                            sessionID = id
                            return conversation.startNewSession(at: clock.now)
                        }
                        apply(reaction)
                    }
                } catch {
                    return fail(error)
                }
            case .reconnect(let attempt, let delay):
                mailbox.post([.connection(.reconnecting(attempt: attempt))])
                guard await pause(delay) else { return }
                // Backoff reconnects keep the token, unless it expires within 30 s (the SDK does not
                // check; a refused handshake would then cost a round trip, or the session).
                if let current = lock.withLock({ token }), current.needsRefresh(now: wallClock(), margin: 30) {
                    do {
                        let fresh = try await rest.accessToken()
                        lock.withLock { token = fresh }
                    } catch {
                        return fail(error)
                    }
                }
            }
        }
        mailbox.post([.connection(.closed)])
    }

    /// Waits before the next attempt; false when the session ended or closed meanwhile.
    private func pause(_ delay: Duration) async -> Bool {
        do {
            try await clock.sleep(for: delay)
        } catch {
            mailbox.post([.connection(.closed)])
            return false
        }
        if lock.withLock({ finished }) {
            mailbox.post([.connection(.closed)])
            return false
        }
        return true
    }

    /// One socket, from the upgrade to its end, watched by `timeout`: a handshake that never
    /// completes, or a socket that opens and sends nothing (PolyAI always sends a batch first),
    /// counts as unreachable instead of hanging the flow. `established` is true once the server's
    /// first frame arrived: a socket that opens and dies before saying anything is a failed attempt.
    /// Structured: the attempt runs in this task, and cancelling it (the session's scope ending)
    /// or the watchdog closes the socket, also during an upgrade that hangs (issue 21).
    private func connectOnce() async -> (ReconnectPolicy.Ending, established: Bool) {
        let progress = Progress()
        let attempt = PolySocket(tls: tls)
        wait(on: .socket(progress))
        defer { wait(on: nil) }
        let timeout = settings.timeout
        // The watchdog: a socket that says nothing in time counts as unreachable. An alarm on the
        // clock, not a child task: on the system clock it costs no task and no task memory, where
        // a task cost each of thousands of sessions its own slabs (issue 20, point 2).
        let watchdog = clock.alarm(at: clock.now + timeout) { [shownSocket] in
            guard !progress.established else { return }
            let opened = progress.opened
            let why =
                opened
                ? "the socket at \(shownSocket) opened but the agent sent nothing for \(timeout.flowText)"
                : "the socket at \(shownSocket) did not open within \(timeout.flowText)"
            // The reason first: the closed attempt's own ending (a drop) must not win.
            progress.set(timedOut: why)
            attempt.abandon(closing: opened ? (1001, "timed out") : nil)
        }
        let ending = await socket(attempt, progress: progress)
        watchdog.cancel()
        lock.withLock {
            if socket === attempt {
                socket = nil
                lastBeat = nil
            }
        }
        armHeartbeat()
        if let why = progress.timedOut { return (.unreachable(why), false) }
        return ending
    }

    /// The socket itself: opens it, reads messages into the conversation until it ends.
    private func socket(_ attempt: PolySocket, progress: Progress) async -> (ReconnectPolicy.Ending, Bool) {
        guard let url = lock.withLock({ () -> String? in
            guard let token, let sessionID else { return nil }
            return PolyAISocketURL.make(base: settings.websocketURL, token: token.value, sessionID: sessionID, cursor: conversation.cursor)
        }) else { return (.unreachable("no session"), false) }
        do {
            let frame = try await attempt.run(url: url, maxMessageSize: EventSizeLimit.bytes) { [self] in
                progress.set(opened: true)
                guard progress.timedOut == nil else { return }
                lock.withLock {
                    socket = attempt
                    lastBeat = clock.now
                }
                mailbox.post([.connection(.open)])
                // The heartbeats start now.
                armHeartbeat()
            } received: { [self] message in
                receive(message, progress: progress)
            }
            guard let frame else { return (.dropped, progress.established) }
            return (.closed(code: Int(frame.code), reason: frame.reason), progress.established)
        } catch PolySocket.Failure.messageTooLarge {
            // A message of fragments above the limit: the socket sent 1009 and says so. (A single
            // frame above it does not: NIO's error handler closes the channel, which reads as a drop.)
            return refuseOversized(progress)
        } catch PolySocket.Failure.upgradeDeclined {
            // The answer's status is not kept: ask again to learn it (404, 401…).
            let status = await WebSocketUpgradeProbe.status(of: url, timeout: min(settings.timeout, .seconds(5)))
            return (.refused(WebSocketUpgradeProbe.declined(shownSocket, status: status)), false)
        } catch {
            if progress.opened { return (.dropped, progress.established) }
            return (.unreachable("could not connect to \(shownSocket): \(PolyRestClient.networkReason(error))"), false)
        }
    }

    /// An event above ``EventSizeLimit`` ends the conversation, not just the socket: no reconnect,
    /// since the agent would send the same event again (the resumed cursor replays it).
    private func refuseOversized(_ progress: Progress) -> (ReconnectPolicy.Ending, Bool) {
        mailbox.post([.connection(.failed(reason: EventSizeLimit.refusal))])
        fail(ConnectorError(EventSizeLimit.refusal))
        return (.closed(code: 1009, reason: "message too big"), progress.established)
    }

    /// One message into the conversation; false ends the socket.
    private func receive(_ message: PolySocket.Message, progress: Progress) -> Bool {
        // A socket the watchdog gave up on says nothing more.
        guard progress.timedOut == nil else { return false }
        progress.set(established: true)
        // A frame may change the deadlines and the heartbeat capability: no polling.
        defer {
            timer.poke()
            armHeartbeat()
        }
        switch message {
        case .text(let text):
            let (reaction, ended) = lock.withLock { (conversation.receive(text: text, at: clock.now), conversation.hasEnded) }
            apply(reaction)
            if let failure = reaction.failure {
                fail(ConnectorError(failure))
                return false
            }
            if ended {
                // SESSION_END or end_conversation: the conversation is over, so is the socket.
                lock.withLock { finished = true }
                return false
            }
            return true
        case .binary:
            // The protocol is text frames only (§3).
            fail(ConnectorError("PolyAI sent a binary WebSocket frame; the protocol has text frames only"))
            return false
        }
    }

    /// When the open socket's next heartbeat is due: an interval after the last one (or the
    /// socket's opening); nil with no socket or with heartbeats off. Called under the lock.
    private func heartbeatDue() -> Duration? {
        guard let lastBeat, socket != nil else { return nil }
        // The server's capability wins; 0 stops heartbeats, a negative one means the default (§10.1).
        var interval = settings.heartbeat
        if let seconds = conversation.capabilities.heartbeatSeconds, let capability = Duration(checkedSeconds: Double(seconds)) {
            interval = capability
        }
        return interval > .zero ? lastBeat + interval : nil
    }

    /// Sets the heartbeat alarm for when the next one is due, if that moved (the socket opened or
    /// ended, a heartbeat went out, the server's capability changed); cancels it when none is.
    private func armHeartbeat() {
        let (stale, due) = lock.withLock { () -> (ClockAlarm?, Duration?)? in
            let due = heartbeatDue()
            guard due != beatAt else { return nil }
            defer { beatAlarm = nil }
            beatAt = due
            return (beatAlarm, due)
        } ?? (nil, nil)
        stale?.cancel()
        guard let due else { return }
        let alarm = clock.alarm(at: due) { [weak self] in self?.heartbeat(due: due) }
        // An alarm that rang already, or that a later call replaced, is not kept.
        let kept = lock.withLock { () -> Bool in
            guard beatAt == due, beatAlarm == nil else { return false }
            beatAlarm = alarm
            return true
        }
        if !kept { alarm.cancel() }
    }

    /// The heartbeat alarm rang: one heartbeat on the open socket, then the next alarm.
    private func heartbeat(due: Duration) {
        let open = lock.withLock { () -> PolySocket? in
            guard beatAt == due, let socket else { return nil }
            beatAt = nil
            beatAlarm = nil
            lastBeat = clock.now
            return socket
        }
        guard let open else { return }
        open.send(text: PolyOutgoing.heartbeat.text)
        armHeartbeat()
    }

    // MARK: - Timers, reactions, endings

    /// Wakes for the conversation's deadlines: resends, delivery failures, typing stops, turn ends.
    private func timerLoop() async {
        await timer.run(clock: clock, deadline: { [self] in lock.withLock { conversation.nextDeadline } }) { [self] now in
            apply(lock.withLock { conversation.tick(at: now) })
        }
    }

    /// Reports a reaction's events and sends its frames on the open socket (a frame with no socket
    /// is not lost: the conversation resends user messages until they are echoed). Writing does not
    /// wait, so no task, the flow's included, holds a frame for it (issue 20, point 2).
    private func apply(_ reaction: PolyReaction) {
        mailbox.post(reaction.events)
        if let failure = reaction.failure { mailbox.fail(ConnectorError(failure)) }
        guard !reaction.frames.isEmpty else { return }
        timer.poke()
        guard let open = lock.withLock({ socket }) else { return }
        for frame in reaction.frames {
            open.send(text: frame)
        }
    }

    private func fail(_ error: ConnectorError) {
        lock.withLock { finished = true }
        mailbox.fail(error)
    }

    private func giveUp(_ reason: String) {
        mailbox.post([.connection(.failed(reason: reason))])
        fail(ConnectorError("the PolyAI connection failed: \(reason)"))
    }

    /// What a connection attempt is waiting on.
    private enum PendingAttempt {
        case request(String)
        case socket(Progress)
    }

    private func wait(on attempt: PendingAttempt?, failed: Bool = false) {
        let now = clock.now
        lock.withLock {
            waitingOn = attempt.map { ($0, now) }
            if failed { failedBefore = true }
        }
    }

    /// What the attempt in flight has waited on, as a reason; nil when none is. After a failed
    /// attempt, only once the retry has waited a second: until then the failure's own reason,
    /// already reported, says more. The first attempt is named however young: on a loaded machine
    /// the handshake can take most of a flow's wait, and "got no reply" would hide that the socket
    /// never opened.
    private func stall() -> String? {
        guard let (attempt, since, failedBefore) = lock.withLock({ waitingOn.map { ($0.attempt, $0.since, failedBefore) } }) else { return nil }
        let waited = clock.now - since
        guard waited >= .seconds(1) || !failedBefore else { return nil }
        // Tenths from a second on, else milliseconds: cut down, never rounded up past what was waited.
        let shown = (waited >= .seconds(1) ? Duration.milliseconds(Int64(waited.inSeconds * 10) * 100) : .milliseconds(max(1, Int64(waited.inSeconds * 1000)))).flowText
        switch attempt {
        case .request(let target): return "POST \(target) had not answered after \(shown)"
        case .socket(let progress):
            if progress.established { return nil }
            return progress.opened
                ? "the socket at \(shownSocket) opened but the agent sent nothing for \(shown)"
                : "the socket at \(shownSocket) did not open within \(shown)"
        }
    }

    /// The socket's address as reasons show it: without the query, which carries the access token.
    private var shownSocket: String {
        guard var components = URLComponents(string: settings.websocketURL) else { return settings.websocketURL }
        components.query = nil
        return components.string ?? settings.websocketURL
    }
}

/// What one socket got to, set from its handler and the watchdog, read after it ends.
private final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private var openedFlag = false
    private var establishedFlag = false
    private var timeout: String?

    var opened: Bool { lock.withLock { openedFlag } }
    var established: Bool { lock.withLock { establishedFlag } }
    /// Why the watchdog gave up on the socket; nil while it has not.
    var timedOut: String? { lock.withLock { timeout } }

    func set(opened: Bool) { lock.withLock { openedFlag = opened } }
    func set(established: Bool) { lock.withLock { establishedFlag = established } }
    func set(timedOut reason: String) { lock.withLock { timeout = reason } }
}
