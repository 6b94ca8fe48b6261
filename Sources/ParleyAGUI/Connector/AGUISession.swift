import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel

/// One AG-UI thread. Each action queues a run; `run()` plays them one after another (the next
/// run's history needs the previous run's answer), reading each answer into the mailbox that
/// `next` takes events from.
final class AGUISession: AgentSession, @unchecked Sendable {
    let agentSpeaksFirst: Bool
    private let client: HTTPClient
    private let clock: any MonotonicClock
    private let mailbox = EventMailbox()
    private let lock = NSLock()
    /// Touched only by the run in progress (runs are played in order), under the lock for safety.
    private var conversation: AGUIConversation
    /// The runs to play, in order: the action of each (nil: the opening run of an agent that greets).
    private let queued: AsyncStream<UserAction?>
    private let queue: AsyncStream<UserAction?>.Continuation
    private var runCount = 0
    private var ended = false

    init(conversation: AGUIConversation, client: HTTPClient, clock: any MonotonicClock) {
        self.conversation = conversation
        self.client = client
        self.clock = clock
        agentSpeaksFirst = conversation.settings.greeting
        (queued, queue) = AsyncStream.makeStream(of: UserAction?.self)
        // An agent that greets gets an opening run before any action.
        if agentSpeaksFirst { queue.yield(nil) }
    }

    /// Plays the queued runs in order until the session closes; cancelling aborts a request still
    /// streaming, so a hung agent holds nothing after the flow.
    func run() async {
        for await action in queued {
            guard !Task.isCancelled else { return }
            let runID = lock.withLock { () -> String in
                runCount += 1
                return "\(conversation.threadID)-run-\(runCount)"
            }
            await play(action, runID: runID)
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
                defer { ended = true }
                return ended
            }
            if !already { mailbox.post([.sessionEnded(reason: "user_ended"), .turnEnded]) }
        case .send, .tap, .submit, .click, .schedule, .respondTool, .resume:
            if lock.withLock({ ended }) { throw ConnectorError("the conversation has ended; start a new session to go on") }
            queue.yield(action)
        }
    }

    /// No more runs; the one in flight, if any, is cancelled with `run()` by the session's scope.
    func close() async {
        lock.withLock { ended = true }
        queue.finish()
        mailbox.close()
    }

    /// Plays one run in a task of its own, awaited (and cancelled with the caller): the silence
    /// limit's alarm rings outside it and cancels that task to end the exchange.
    private func play(_ action: UserAction?, runID: String) async {
        let handle = RunHandle()
        let task = Task { [self] in await run(action, runID: runID, handle: handle) }
        handle.hold(task)
        await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }

    /// Runs in `handle`'s task: the silence limit cancels that task to end the exchange.
    private func run(_ action: UserAction?, runID: String, handle: RunHandle) async {
        let input: JSONValue
        switch lock.withLock({ conversation.begin(action, runID: runID) }) {
        case .failure(let error): return mailbox.fail(error)
        case .success(let built): input = built
        }
        let settings = lock.withLock { conversation.settings }
        // One alarm for the run rather than a task racing the exchange: most runs end in time.
        let silence = SilenceLimit(settings.timeout, clock: clock) { handle.cancel() }
        await exchange(input, settings: settings, silence: silence)
        if silence.stop() {
            mailbox.fail(ConnectorError("the agent at \(settings.url) sent nothing for \(settings.timeout.flowText) during a run (the agui `timeout`)"))
        }
    }

    /// Posts `input` and streams the answer into the mailbox, noting each chunk in `silence`.
    private func exchange(_ input: JSONValue, settings: AGUISettings, silence: SilenceLimit) async {
        var request = HTTPClientRequest(url: settings.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "text/event-stream")
        for header in settings.headers { request.headers.replaceOrAdd(name: header.name, value: header.value) }
        request.body = .bytes(ByteBuffer(string: input.serialized()))
        var answered = false
        do {
            let response = try await client.execute(request, timeout: .hours(24))
            answered = true
            silence.heardNow()
            if let problem = await Self.refusal(of: response, url: settings.url) { return mailbox.fail(problem) }
            for try await chunk in response.body {
                silence.heardNow()
                let result = lock.withLock { conversation.receive(chunk.readableBytesView) }
                switch result {
                case .success(let events): mailbox.post(events)
                case .failure(let error): return mailbox.fail(error)
                }
            }
            switch lock.withLock({ conversation.endOfStream() }) {
            case .success(let events): mailbox.post(events)
            case .failure(let error): mailbox.fail(error)
            }
        } catch {
            if Task.isCancelled { return }
            // No response head: perhaps no HTTP at all (the client reports a parse error, or a
            // dropped connection when the peer spoke and closed first). Ask once more to see.
            if !answered, Self.mayBeNotHTTP(error), let bytes = await RawAnswerProbe.firstBytes(of: settings.url, timeout: .seconds(2), clock: clock),
                !bytes.starts(with: Array("HTTP/".utf8))
            {
                return mailbox.fail(ConnectorError("the agent at \(settings.url) did not answer in HTTP: it sent \(ByteExcerpt.quoted(bytes))"))
            }
            mailbox.fail(Self.transportError(error, url: settings.url))
        }
    }

    /// Why a response is not a run's event stream: a status other than 200, or another content type.
    private static func refusal(of response: HTTPClientResponse, url: String) async -> ConnectorError? {
        let type = response.headers.first(name: "content-type") ?? "none"
        if response.status == .ok, type.lowercased().hasPrefix("text/event-stream") { return nil }
        let bytes = (try? await response.body.collect(upTo: 4096)).map { Array($0.readableBytesView) } ?? []
        let said: String
        if ByteExcerpt.isBinary(bytes.prefix(AGUIConversation.RunState.headLimit)) {
            // Binary: the first bytes, escaped, so the terminal shows them rather than obeys them.
            said = ": the body began \(ByteExcerpt.quoted(bytes))"
        } else {
            let excerpt = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).prefix(300)
            said = excerpt.isEmpty ? "" : ": \(excerpt)"
        }
        if response.status != .ok {
            return ConnectorError("the agent at \(url) answered HTTP \(response.status.code) \(response.status.reasonPhrase)\(said)")
        }
        return ConnectorError("the agent at \(url) answered with content type \(type), not text/event-stream\(said)")
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
