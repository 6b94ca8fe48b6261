import Parley

/// One bot session. Each message is queued, and `run()` (which Parley runs beside the flow for as
/// long as the session is open) sends them one after another (the bot answers in order); each
/// answer lands in the mailbox `next` reads from, so `perform` returns at once and latencies are
/// measured from the action, as with any streaming agent.
actor BotSession: AgentSession {
    nonisolated let agentSpeaksFirst = false
    private let id: String
    private let client: BotClient
    private let clock: any MonotonicClock
    private let mailbox = EventMailbox()
    /// The exchanges to make, in order.
    private let queued: AsyncStream<@Sendable () async -> Void>
    private let queue: AsyncStream<@Sendable () async -> Void>.Continuation
    private var turns = 0
    private var ended = false

    init(id: String, client: BotClient, clock: any MonotonicClock) {
        self.id = id
        self.client = client
        self.clock = clock
        (queued, queue) = AsyncStream.makeStream(of: (@Sendable () async -> Void).self)
    }

    /// Makes the queued exchanges in order until the session closes; Parley cancels it then, which
    /// aborts a request still under way, so a slow bot holds nothing after the flow.
    nonisolated func run() async {
        for await work in queued {
            guard !Task.isCancelled else { return }
            await work()
        }
    }

    func next(before deadline: Duration) async throws -> AgentEvent? {
        try await mailbox.next(before: deadline, clock: clock)
    }

    func perform(_ action: UserAction) async throws {
        if ended { throw ConnectorError("the bot session has ended; start a new session to go on") }
        switch action {
        case .send(let text): exchange(text)
        // A tapped suggestion is sent as its text: that is how the bot's own chat widget does it.
        case .tap(let suggestion): exchange(suggestion)
        case .end:
            ended = true
            chain { [id, client, mailbox] in
                do throws(ConnectorError) {
                    try await client.endSession(id)
                    mailbox.post([.sessionEnded(reason: "user_ended"), .turnEnded])
                } catch {
                    mailbox.fail(error)
                }
            }
        // Not in `capabilities`, so a flow using these is refused before it runs.
        case .submit, .click, .schedule, .respondTool, .resume, .typing:
            throw ConnectorError("the mybot connector cannot perform `\(action.kind.rawValue)`")
        }
    }

    func close() async {
        queue.finish()
        mailbox.close()
        guard !ended else { return }
        ended = true
        // The flow is over: let the bot drop the session. Best effort; a failure here changes no verdict.
        try? await client.endSession(id)
    }

    /// Sends `text` once the previous exchange is done; the answer's events, or the failure, go to the mailbox.
    private func exchange(_ text: String) {
        turns += 1
        let runID = "\(id)-\(turns)"
        chain { [id, client, mailbox] in
            do throws(ConnectorError) {
                let answer = try await client.send(text, session: id)
                mailbox.post(answer.events(runID: runID, sessionID: id))
            } catch {
                mailbox.fail(error)
            }
        }
    }

    private func chain(_ work: @escaping @Sendable () async -> Void) {
        queue.yield(work)
    }
}
