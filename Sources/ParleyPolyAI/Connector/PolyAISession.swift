import Foundation
import HummingbirdWSClient
import Logging
import NIOWebSocket
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
    private let logger: Logger
    private let mailbox: EventMailbox
    private let lock = NSLock()
    private var conversation: PolyConversation
    private var socket: WebSocketOutboundWriter?
    /// Counts sockets; a socket abandoned after a timeout knows it is stale by its number.
    private var socketGeneration = 0
    private var token: AccessToken?
    private var sessionID: String?
    private var finished = false
    /// The attempt in flight and since when, for a flow that stops waiting before it ends.
    private var waitingOn: (attempt: PendingAttempt, since: Duration)?
    private let timer = DeadlineTimer()

    init(
        settings: PolyAISettings, rest: PolyRestClient, clock: any MonotonicClock, wallClock: @escaping @Sendable () -> Double,
        jitter: @escaping @Sendable () -> Double, logger: Logger
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
        self.logger = logger
        conversation = PolyConversation(
            options: .init(joining: settings.chunkJoining, quiet: settings.quiet))
        // Weak: the session owns the client that holds these.
        self.rest.onAttempt = { [weak self] target in self?.wait(on: .request(target)) }
        self.rest.onRetry = { [weak self] reason in
            self?.wait(on: nil)
            mailbox.post([.connection(.failed(reason: reason)), .connection(.connecting)])
        }
    }

    /// The connection and the timers, until the session's scope ends; the greeting follows the
    /// agent's join.
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
        await apply(reaction)
        if case .end = action {
            // Like the SDK: USER_END_SESSION, then close at once with 1000.
            let open = lock.withLock { () -> WebSocketOutboundWriter? in
                finished = true
                return socket
            }
            try? await open?.close(.normalClosure, reason: "User ended session")
        }
    }

    /// Ends the conversation; the loops of `run()` are cancelled by the session's scope.
    func close() async {
        let open = lock.withLock { () -> WebSocketOutboundWriter? in
            finished = true
            return socket
        }
        try? await open?.close(.normalClosure, reason: "Parley finished the flow")
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
            if decision != .end { mailbox.post([.connection(.failed(reason: ReconnectLadder.describe(ending)))]) }
            switch decision {
            case .end:
                await apply(lock.withLock { conversation.closedCleanly(at: clock.now) })
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
                        await apply(reaction)
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

    /// One socket, from the upgrade to its end, raced against `timeout`: a handshake that never
    /// completes, or a socket that opens and sends nothing (PolyAI always sends a batch first),
    /// counts as unreachable instead of hanging the flow. `established` is true once the server's
    /// first frame arrived: a socket that opens and dies before saying anything is a failed attempt.
    private func connectOnce() async -> (ReconnectPolicy.Ending, established: Bool) {
        let generation = lock.withLock { () -> Int in
            socketGeneration += 1
            return socketGeneration
        }
        let (results, sink) = AsyncStream.makeStream(of: (ReconnectPolicy.Ending, Bool).self)
        let progress = Progress()
        wait(on: .socket(progress))
        defer { wait(on: nil) }
        // Unstructured on purpose: WebSocketClient.connect does not return when cancelled during an
        // upgrade that hangs, so a task group would wait for it (tried: the silent-socket tests
        // then hang 30s). The attempt is abandoned instead, and closed if it ever opens.
        let attempt = Task { [self] in sink.yield(await socket(generation: generation, progress: progress)) }
        let timeout = settings.timeout
        // The watchdog: a socket that says nothing in time counts as unreachable. An alarm on the
        // clock, not a child task: on the system clock it costs no task and no task memory, where
        // a task cost each of thousands of sessions its own slabs (issue 20, point 2).
        let watchdog = clock.alarm(at: clock.now + timeout) { [shownSocket] in
            guard !progress.established else { return }
            let why =
                progress.opened
                ? "the socket at \(shownSocket) opened but the agent sent nothing for \(timeout.flowText)"
                : "the socket at \(shownSocket) did not open within \(timeout.flowText)"
            // The reason first: the cancelled attempt's own ending (a drop) must not win the race.
            sink.yield((.unreachable(why), false))
            attempt.cancel()
        }
        var iterator = results.makeAsyncIterator()
        let result = await iterator.next() ?? (.dropped, false)
        watchdog.cancel()
        sink.finish()
        // A socket that lost the race is abandoned: whatever it does later is ignored.
        let stale = lock.withLock { () -> WebSocketOutboundWriter? in
            defer { if socketGeneration == generation { socket = nil } }
            return socketGeneration == generation ? socket : nil
        }
        if case .unreachable = result.0, let stale { try? await stale.close(.goingAway, reason: "timed out") }
        return result
    }

    /// The socket itself: opens it, reads frames into the conversation until it ends.
    private func socket(generation: Int, progress: Progress) async -> (ReconnectPolicy.Ending, Bool) {
        guard let url = lock.withLock({ () -> String? in
            guard let token, let sessionID else { return nil }
            return PolyAISocketURL.make(base: settings.websocketURL, token: token.value, sessionID: sessionID, cursor: conversation.cursor)
        }) else { return (.unreachable("no session"), false) }
        do {
            var configuration = WebSocketClientConfiguration()
            configuration.maxFrameSize = EventSizeLimit.bytes
            let frame = try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) {
                [self] inbound, outbound, _ in
                progress.set(opened: true)
                // A server that ends the connection together with its 101 has the end read before
                // the socket's reader exists, so the inbound stream would never finish; a write on
                // the closed channel fails at once. An unsolicited pong is a heartbeat no one answers.
                try await outbound.write(.pong)
                guard lock.withLock({ () -> Bool in
                    guard socketGeneration == generation else { return false }
                    socket = outbound
                    return true
                }) else { return }
                mailbox.post([.connection(.open)])
                try await read(inbound, outbound, generation: generation, progress: progress)
            }
            guard let frame else { return (.dropped, progress.established) }
            return (.closed(code: Int(UInt16(webSocketErrorCode: frame.closeCode)), reason: frame.reason ?? ""), progress.established)
        } catch {
            // A message of fragments above `messages(maxSize:)`: the client sent 1009 and says so.
            // (A single frame above `maxFrameSize` does not: NIO's error handler closes the channel
            // before the error reaches the inbound stream, which just ends; that reads as a drop.)
            if (error as? WebSocketClientError) == .serverSentMessageTooLarge { return refuseOversized(progress) }
            if progress.opened { return (.dropped, progress.established) }
            if let client = error as? WebSocketClientError, client == .webSocketUpgradeFailed {
                // The client keeps the answer's status to itself: ask again to learn it (404, 401…).
                let status = await WebSocketUpgradeProbe.status(of: url, timeout: min(settings.timeout, .seconds(5)))
                return (.refused(WebSocketUpgradeProbe.declined(shownSocket, status: status)), false)
            }
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

    /// Reads the socket's messages into the conversation, with heartbeats, until it ends.
    private func read(
        _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, generation: Int, progress: Progress
    ) async throws {
        let beats = DeadlineTimer()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [self] in await heartbeats(outbound, timer: beats) }
            defer { group.cancelAll() }
            for try await message in inbound.messages(maxSize: EventSizeLimit.bytes) {
                defer { beats.poke() }
                guard lock.withLock({ socketGeneration == generation }) else { return }
                progress.set(established: true)
                switch message {
                case .text(let text):
                    let (reaction, ended) = lock.withLock { (conversation.receive(text: text, at: clock.now), conversation.hasEnded) }
                    await apply(reaction)
                    if let failure = reaction.failure { return fail(ConnectorError(failure)) }
                    if ended {
                        // SESSION_END or end_conversation: the conversation is over, so is the socket.
                        lock.withLock { finished = true }
                        return
                    }
                case .binary:
                    // The protocol is text frames only (§3).
                    return fail(ConnectorError("PolyAI sent a binary WebSocket frame; the protocol has text frames only"))
                }
                timer.poke()
            }
        }
    }

    /// A heartbeat every interval while the socket is open; the server's capability wins, 0 stops
    /// them. `timer` is poked on every frame, since a frame may change the capability: no polling.
    private func heartbeats(_ outbound: WebSocketOutboundWriter, timer: DeadlineTimer) async {
        let beat = Beat(since: clock.now)
        await timer.run(clock: clock, deadline: { [self] in beat.due(every: heartbeatInterval()) }) { now in
            do {
                try await outbound.writeTextMessage(PolyOutgoing.heartbeat.text)
                beat.sent(at: now)
            } catch {
                // The socket is going: its reader sees the end and stops this task.
                beat.stop()
            }
        }
    }

    /// The heartbeat interval in force; zero when heartbeats are off.
    private func heartbeatInterval() -> Duration {
        lock.withLock { () -> Duration in
            // The server's capability wins; 0 stops heartbeats, a negative one means the default (§10.1).
            if let seconds = conversation.capabilities.heartbeatSeconds, let interval = Duration(checkedSeconds: Double(seconds)) {
                return interval
            }
            return settings.heartbeat
        }
    }

    // MARK: - Timers, reactions, endings

    /// Wakes for the conversation's deadlines: resends, delivery failures, typing stops, turn ends.
    private func timerLoop() async {
        await timer.run(clock: clock, deadline: { [self] in lock.withLock { conversation.nextDeadline } }) { [self] now in
            await apply(lock.withLock { conversation.tick(at: now) })
        }
    }

    /// Reports a reaction's events and sends its frames on the open socket (a frame with no socket
    /// is not lost: the conversation resends user messages until they are echoed).
    private func apply(_ reaction: PolyReaction) async {
        mailbox.post(reaction.events)
        if let failure = reaction.failure { mailbox.fail(ConnectorError(failure)) }
        guard !reaction.frames.isEmpty else { return }
        timer.poke()
        guard let open = lock.withLock({ socket }) else { return }
        for frame in reaction.frames {
            try? await open.writeTextMessage(frame)
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

    private func wait(on attempt: PendingAttempt?) {
        let now = clock.now
        lock.withLock { waitingOn = attempt.map { ($0, now) } }
    }

    /// What the attempt in flight has waited on for at least a second, as a reason; nil when none is.
    private func stall() -> String? {
        guard let (attempt, since) = lock.withLock({ waitingOn }) else { return nil }
        let waited = clock.now - since
        guard waited >= .seconds(1) else { return nil }
        let shown = Duration.milliseconds(Int64(waited.inSeconds * 10) * 100).flowText
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

/// What one socket got to, set from its handler and read after it ends.
private final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private var openedFlag = false
    private var establishedFlag = false

    var opened: Bool { lock.withLock { openedFlag } }
    var established: Bool { lock.withLock { establishedFlag } }

    func set(opened: Bool) { lock.withLock { openedFlag = opened } }
    func set(established: Bool) { lock.withLock { establishedFlag = established } }
}

/// When one socket's next heartbeat is due: an interval after the last one (or the socket's
/// opening), never once a write failed.
private final class Beat: @unchecked Sendable {
    private let lock = NSLock()
    private var last: Duration
    private var stopped = false

    init(since: Duration) {
        last = since
    }

    func due(every interval: Duration) -> Duration? {
        lock.withLock { stopped || interval <= .zero ? nil : last + interval }
    }

    func sent(at now: Duration) {
        lock.withLock { last = now }
    }

    func stop() {
        lock.withLock { stopped = true }
    }
}
