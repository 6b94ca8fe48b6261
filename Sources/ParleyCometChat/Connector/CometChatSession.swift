import Foundation
import ParleyCore
import ParleyModel

/// One CometChat conversation: the login and the realtime connection (``CometChatLink``:
/// reconnected, with missed messages fetched), then the user's messages and interactions over
/// REST. Frames go through the pure ``CometChatConversation``;
/// what it reports lands in the mailbox `next` reads, on the run's clock.
final class CometChatSession: AgentSession, @unchecked Sendable {
    let agentSpeaksFirst = false
    private let settings: CometChatSettings
    private let rest: CometChatRestClient
    private let realtime: any CometChatRealtime
    private let clock: any MonotonicClock
    private let wallClock: @Sendable () -> Date
    private let deviceID: String
    /// Held from the session's start to its close.
    private let gate: UserGate
    private let tokens: AuthTokenCache
    private let mailbox = EventMailbox()
    private let lock = NSLock()
    private var conversation: CometChatConversation
    private var connection: Connection = .connecting
    private var ready = WakeSignal()
    private var finished = false
    /// Fired when the user leaves (`end`): the connection and the timers stop at once.
    private let left = WakeSignal()
    private let timer = DeadlineTimer()
    private var sentCount = 0
    private var closed = false

    /// Where the realtime connection is.
    private enum Connection {
        case connecting, open
        case failed(String)
    }

    init(
        settings: CometChatSettings, rest: CometChatRestClient, realtime: any CometChatRealtime, clock: any MonotonicClock,
        wallClock: @escaping @Sendable () -> Date, deviceID: String, gate: UserGate, tokens: AuthTokenCache
    ) {
        self.gate = gate
        self.tokens = tokens
        self.settings = settings
        self.rest = rest
        self.realtime = realtime
        self.clock = clock
        self.wallClock = wallClock
        self.deviceID = deviceID
        conversation = CometChatConversation(settings: .init(user: settings.user, peer: settings.peer, quiet: settings.quiet, runs: settings.runs))
    }

    /// The connection and the timers, until the session's scope ends or the user leaves.
    func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in await connect() }
            group.addTask { [self] in await timerLoop() }
            await left.wait()
            group.cancelAll()
        }
    }

    func next(before deadline: Duration) async throws -> AgentEvent? {
        try await mailbox.next(before: deadline, clock: clock)
    }

    func perform(_ action: UserAction) async throws {
        switch action {
        case .send(let text):
            try await waitUntilOpen()
            lock.withLock { conversation.userActed(at: clock.now) }
            try await send(text)
        case .submit, .click, .schedule:
            try await waitUntilOpen()
            lock.withLock { conversation.userActed(at: clock.now, pressing: true) }
            try await interact(action)
        case .end:
            // CometChat has no session to end: the user leaves, the connection closes.
            close(reason: "user_ended")
        case .tap, .typing, .respondTool, .resume:
            throw ConnectorError(
                "the cometchat connector cannot \(action.kind.rawValue): CometChat's agents take text messages and interactions")
        }
    }

    /// Ends the conversation; the loops of `run()` are cancelled by the session's scope.
    func close() async {
        let release = lock.withLock { () -> Bool in
            defer { closed = true }
            finished = true
            return !closed
        }
        left.fire()
        mailbox.close()
        if release { await gate.leave() }
    }

    // MARK: - Sending

    private func send(_ text: String) async throws {
        let muid = lock.withLock { () -> String in
            sentCount += 1
            return "\(deviceID)-\(sentCount)"
        }
        let body = CometChatOutgoing.textMessage(text, to: settings.peer, muid: muid)
        let message = try await rest.sendMessage(body)
        guard let id = message.integerMember("id") else {
            throw ConnectorError("CometChat's POST /messages answered without the message's id: \(CometChatRestClient.excerpt(message.serialized()))")
        }
        let conversationID = message["conversationId"]?.stringText
        mailbox.post(lock.withLock { conversation.sent(messageID: id, conversationID: conversationID, at: clock.now) })
        timer.poke()
    }

    /// Performs what the pressed element's action says, then marks the interaction, like CometChat's UI kits.
    private func interact(_ action: UserAction) async throws {
        let now = wallClock()
        let plan = try lock.withLock { () throws(ConnectorError) -> [CometChatInteractionStep] in
            try planSteps(action, now: now)
        }
        for step in plan {
            switch step {
            case .call(let call):
                let headers = call.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                do {
                    let answer = try await rest.call(method: call.method, url: call.url, headers: headers, body: call.body)
                    mailbox.post([.action(call.performed(status: answer.status, body: Array(answer.body.utf8)))])
                } catch {
                    // The UI kit shows the error and the interaction still counts: record it, go on.
                    mailbox.post([.action(call.failed(error.message))])
                }
            case .record(let performed):
                mailbox.post([.action(performed)])
            case .sendText(let text):
                try await send(text)
            case .markInteracted(let messageID, let flowID, let elementID):
                // A run under the pressed message's id is the press's answer too (else the next run adopted).
                mailbox.post(lock.withLock { conversation.own(run: messageID, at: clock.now) })
                try await rest.markInteracted(messageID: messageID, body: CometChatOutgoing.interacted(elementIDs: [elementID]))
                let events = lock.withLock {
                    conversation.interacted(flowID: flowID, elementID: elementID, interactedAt: now.timeIntervalSince1970)
                }
                mailbox.post(events)
            }
        }
        timer.poke()
    }

    /// The planner's steps; a `schedule` first resolves its slot to a meeting time by the scheduler's rules.
    private func planSteps(_ action: UserAction, now: Date) throws(ConnectorError) -> [CometChatInteractionStep] {
        var meeting: CometChatMeeting?
        if case .schedule(let messageID, let slot) = action, let scheduler = conversation.interactive(messageID) {
            let rules = SchedulerRules(schedulerID: scheduler.flowID, data: scheduler.interactiveData)
            switch rules.check(slot) {
            case .success(let resolved): meeting = CometChatMeeting(startAt: rules.meetStartAt(resolved, now: now), duration: rules.duration)
            case .failure(let refusal): throw ConnectorError(refusal.message)
            }
        }
        switch CometChatInteractionPlanner(appID: settings.appID, region: settings.region).plan(action, in: conversation, meeting: meeting) {
        case .success(let steps): return steps
        case .failure(let refusal): throw ConnectorError(refusal.message)
        }
    }

    /// Messages need the realtime connection: the agent's answer streams only to open sockets.
    private func waitUntilOpen() async throws {
        let deadline = clock.now + settings.timeout
        while true {
            let (state, signal) = lock.withLock { (connection, ready) }
            switch state {
            case .open: return
            case .failed(let why): throw ConnectorError(why)
            case .connecting: break
            }
            if clock.now >= deadline {
                throw ConnectorError("the CometChat realtime connection did not open within \(settings.timeout.flowText)")
            }
            await signal.wait()
        }
    }

    // MARK: - The connection

    private func connect() async {
        let link = CometChatLink(
            settings: settings, rest: rest, realtime: realtime, clock: clock,
            signIn: CometChatSignIn(settings: settings, rest: rest, tokens: tokens, deviceID: deviceID),
            hooks: CometChatLink.Hooks(
                post: { [self] events in mailbox.post(events) },
                ready: { [self] in
                    let signal = lock.withLock { () -> WakeSignal in
                        connection = .open
                        return ready
                    }
                    signal.fire()
                },
                down: { [self] in
                    lock.withLock {
                        guard case .open = connection else { return }
                        connection = .connecting
                        ready = WakeSignal()
                    }
                },
                deliver: { [self] inbound in receive(inbound) },
                lastMessageID: { [self] in lock.withLock { conversation.lastMessageID } },
                recovered: { [self] in
                    mailbox.post(lock.withLock { conversation.recovered(at: clock.now) })
                    timer.poke()
                },
                fail: { [self] reason in fail(reason) },
                isFinished: { [self] in lock.withLock { finished } }))
        let failure = await link.run()
        if lock.withLock({ finished }) { return }
        if let failure {
            fail(failure)
        } else {
            mailbox.post([.connection(.closed)])
        }
    }

    /// A frame the SDK would ignore comes back as a `protocol_warning`; none fails the flow.
    private func receive(_ inbound: CometChatInbound) {
        let events = lock.withLock { () -> [AgentEvent] in
            guard !finished else { return [] }
            switch inbound {
            case .text(let text): return conversation.receive(text: text, at: clock.now)
            case .binary(let count): return conversation.receiveBinary(byteCount: count, at: clock.now)
            }
        }
        mailbox.post(events)
        timer.poke()
    }

    /// Wakes for the conversation's deadline: the turn's end when the persisted reply is late.
    private func timerLoop() async {
        await timer.run(clock: clock, deadline: { [self] in lock.withLock { conversation.deadline } }) { [self] now in
            mailbox.post(lock.withLock { conversation.tick(at: now) })
        }
    }

    /// The user left: the connection closes and the session is over.
    private func close(reason: String) {
        lock.withLock { finished = true }
        left.fire()
        mailbox.post([.sessionEnded(reason: reason), .connection(.closed)])
    }

    private func fail(_ reason: String) {
        let signal = lock.withLock { () -> WakeSignal in
            connection = .failed(reason)
            finished = true
            return ready
        }
        signal.fire()
        mailbox.post([.connection(.failed(reason: reason))])
        mailbox.fail(ConnectorError(reason))
    }
}
