import AsyncHTTPClient
import DequeModule
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel

/// One AG-UI thread. Each action queues a run, played one after another (the next run's history
/// needs the previous run's answer); each answer is read into the mailbox that `next` takes events
/// from, on the connection's event loop as it arrives (`AnswerReader`).
///
/// A session has no task of its own (`hasLoops` is false): a run's request is started by the
/// action, or by the end of the run before it, and `close()` cancels and awaits what is in flight,
/// so nothing outlives the session. That saves the hand-offs between a task and the event loop
/// that each turn cost before (issue 20).
final class AGUISession: AgentSession, @unchecked Sendable {
    let agentSpeaksFirst: Bool
    let hasLoops = false
    private let client: HTTPClient
    private let template: RequestTemplate
    /// The connector's loop, which reads every answer (`AGUIConnector`).
    private let loop: any EventLoop
    private let clock: any MonotonicClock
    private let mailbox = EventMailbox()
    private let lock = NSLock()
    /// Touched only by the run in progress (runs are played in order), under the lock.
    private var conversation: AGUIConversation
    /// The runs, under the lock.
    private var runs = Runs()

    private struct Runs {
        /// Whether a run is in flight: being prepared, streaming, or its failure being diagnosed.
        var busy = false
        /// The actions of the runs still to play, in order (nil: the opening run of an agent that greets).
        var waiting: Deque<UserAction?> = []
        var count = 0
        /// No more actions: `end` was performed or the session closed.
        var ended = false
        var closed = false
        /// The request streaming, and the task diagnosing a failed one, for `close()` to cancel.
        var request: HTTPClient.Task<Void>?
        var probe: Task<Void, Never>?
    }

    init(conversation: AGUIConversation, client: HTTPClient, template: RequestTemplate, loop: any EventLoop, clock: any MonotonicClock) {
        self.conversation = conversation
        self.client = client
        self.template = template
        self.loop = loop
        self.clock = clock
        agentSpeaksFirst = conversation.settings.greeting
        // An agent that greets gets an opening run before any action.
        if agentSpeaksFirst {
            runs.busy = true
            start(nil)
        }
    }

    func next(before deadline: Duration) async throws -> AgentEvent? {
        try await mailbox.next(before: deadline, clock: clock)
    }

    func perform(_ action: UserAction) async throws {
        switch action {
        case .typing:
            throw ConnectorError("the agui connector cannot send `typing`: AG-UI has no typing message")
        case .end:
            // AG-UI threads have no end on the wire: the conversation ends here.
            let already = lock.withLock { () -> Bool in
                defer { runs.ended = true }
                return runs.ended
            }
            if !already { mailbox.post([.sessionEnded(reason: "user_ended"), .turnEnded]) }
        case .send, .tap, .submit, .click, .schedule, .respondTool, .resume:
            let now = try lock.withLock { () throws -> Bool in
                if runs.ended { throw ConnectorError("the conversation has ended; start a new session to go on") }
                if runs.busy {
                    runs.waiting.append(action)
                    return false
                }
                runs.busy = true
                return true
            }
            if now { start(action) }
        }
    }

    /// No more runs; the one in flight, if any, is cancelled and awaited.
    func close() async {
        let (request, probe) = lock.withLock { () -> (HTTPClient.Task<Void>?, Task<Void, Never>?) in
            runs.ended = true
            runs.closed = true
            runs.waiting = []
            return (runs.request, runs.probe)
        }
        mailbox.close()
        request?.cancel()
        probe?.cancel()
        _ = try? await request?.futureResult.get()
        await probe?.value
    }

    /// Starts the run of `action` (a run is marked in flight): builds its input and sends it.
    private func start(_ action: UserAction?) {
        let prepared = lock.withLock { () -> Result<(JSONValue, AGUISettings), ConnectorError> in
            runs.count += 1
            let runID = "\(conversation.threadID)-run-\(runs.count)"
            return conversation.begin(action, runID: runID).map { ($0, conversation.settings) }
        }
        switch prepared {
        case .failure(let error):
            mailbox.fail(error)
            advance()
        case .success(let (input, settings)):
            send(input, settings: settings)
        }
    }

    /// Posts `input`; the answer streams into the mailbox from the connection's event loop. The
    /// silence limit's alarm cancels the request to end the exchange.
    private func send(_ input: JSONValue, settings: AGUISettings) {
        let handle = RunHandle()
        // One alarm for the run rather than a task racing the exchange: most runs end in time.
        let silence = SilenceLimit(settings.timeout, clock: clock) { handle.cancel() }
        let run = RunInFlight(settings: settings, silence: silence, handle: handle)
        let reader = AnswerReader(
            url: settings.url, mailbox: mailbox, silence: silence,
            decode: { [self] bytes in lock.withLock { conversation.receive(bytes) } },
            finish: { [self] in lock.withLock { conversation.endOfStream() } },
            ended: { [self] reader, error in ended(run, reader, error) })
        do {
            let request = try template.request(body: input.serialized())
            // No deadline: the silence limit ends a run, and a deadline would cost a timer per request.
            let task = client.execute(request: request, delegate: reader, eventLoop: .delegate(on: loop))
            // Kept for `close()` unless the request has already ended (its end clears it). A
            // close that came while this run was being prepared (it was queued, and the run before
            // it ended on the event loop) found nothing to cancel: this request is cancelled here.
            let closed = lock.withLock { () -> Bool in
                if !reader.hasEnded { runs.request = task }
                return runs.closed
            }
            handle.hold { task.cancel() }
            if closed { task.cancel() }
        } catch {
            ended(run, reader, error)
        }
    }

    /// A run's request ended (on the event loop, or at once when it could not be made): reports a
    /// transport failure the reader did not, then plays the next run.
    private func ended(_ run: RunInFlight, _ reader: AnswerReader, _ error: (any Error)?) {
        let closed = lock.withLock { () -> Bool in
            runs.request = nil
            return runs.closed
        }
        guard let error, !closed, !run.handle.isCancelled, !reader.settled else { return finish(run) }
        let url = run.settings.url
        // No response head: perhaps no HTTP at all (the client reports a parse error, or a
        // dropped connection when the peer spoke and closed first). Ask once more to see.
        if !reader.answered, Self.mayBeNotHTTP(error) {
            // Started and kept under the lock, so a `close()` either comes first (no probe) or
            // finds the probe to cancel and await.
            let probing = lock.withLock { () -> Bool in
                guard !runs.closed else { return false }
                runs.probe = Task { [self, clock] in
                    if let bytes = await RawAnswerProbe.firstBytes(of: url, timeout: .seconds(2), clock: clock),
                        !bytes.starts(with: Array("HTTP/".utf8))
                    {
                        mailbox.fail(ConnectorError("the agent at \(url) did not answer in HTTP: it sent \(ByteExcerpt.quoted(bytes))"))
                    } else {
                        mailbox.fail(Self.transportError(error, url: url))
                    }
                    finish(run)
                }
                return true
            }
            if probing { return }
            return finish(run)
        }
        mailbox.fail(Self.transportError(error, url: url))
        finish(run)
    }

    /// The run is over: reports a silence that ended it, then plays the next run.
    private func finish(_ run: RunInFlight) {
        if run.silence.stop() {
            let settings = run.settings
            mailbox.fail(ConnectorError("the agent at \(settings.url) sent nothing for \(settings.timeout.flowText) during a run (the agui `timeout`)"))
        }
        advance()
    }

    /// Starts the next waiting run, or marks none in flight.
    private func advance() {
        let next = lock.withLock { () -> UserAction?? in
            runs.probe = nil
            if !runs.closed, let action = runs.waiting.popFirst() { return .some(action) }
            runs.busy = false
            return .none
        }
        if let next { start(next) }
    }

    /// Whether `error`, before any response head, may come from a peer that does not speak HTTP:
    /// not a refused connection or a timeout, which say enough.
    private static func mayBeNotHTTP(_ error: any Error) -> Bool {
        if error is HTTPParserError { return true }
        if let http = error as? HTTPClientError { return http == .remoteConnectionClosed }
        let text = "\(error)"
        return text.contains("reset") || text.contains("EOF") || text.contains("eof") || text.contains("closed")
    }

    /// A readable reason for an HTTP client error.
    private static func transportError(_ error: any Error, url: String) -> ConnectorError {
        if let http = error as? HTTPClientError {
            switch http {
            case .connectTimeout: return ConnectorError("could not connect to the agent at \(url): timed out")
            case .remoteConnectionClosed:
                return ConnectorError("the agent at \(url) dropped the connection before the run finished")
            default: break
            }
        }
        if let parser = error as? HTTPParserError, parser == .invalidEOFState {
            return ConnectorError("the agent at \(url) dropped the connection before the run finished")
        }
        let text = "\(error)"
        if text.contains("refused") { return ConnectorError("could not connect to the agent at \(url): connection refused") }
        if text.contains("connection reset") || text.contains("closed") || text.contains("EOF") || text.contains("eof") {
            return ConnectorError("the agent at \(url) dropped the connection before the run finished (\(text))")
        }
        return ConnectorError("the connection to the agent at \(url) failed: \(text)")
    }
}
