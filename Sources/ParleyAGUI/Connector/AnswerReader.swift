import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyCore
import ParleyModel

/// Reads one run's answer where its bytes arrive, on the connection's event loop: each chunk is
/// decoded and its events posted to the mailbox there, so a turn costs no hop to a task per chunk
/// (issue 20). An answer that is not an event stream is kept, up to 4 KiB, for the refusal. When
/// the request ends, read to its end or failed, `ended` runs once, on the event loop.
final class AnswerReader: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = Void

    /// The most of a refused answer kept for its reason.
    static let refusalLimit = 4096

    private let url: String
    private let mailbox: EventMailbox
    private let silence: SilenceLimit
    private let decode: @Sendable (ByteBufferView) -> Result<[AgentEvent], ConnectorError>
    private let finish: @Sendable () -> Result<[AgentEvent], ConnectorError>
    private let ended: @Sendable (AnswerReader, (any Error)?) -> Void
    private let lock = NSLock()
    // Under the lock: written on the event loop, read by the session from its own threads.
    private var head: HTTPResponseHead?
    private var refusedBody: [UInt8]?
    private var done = false
    private var over = false

    init(
        url: String, mailbox: EventMailbox, silence: SilenceLimit,
        decode: @escaping @Sendable (ByteBufferView) -> Result<[AgentEvent], ConnectorError>,
        finish: @escaping @Sendable () -> Result<[AgentEvent], ConnectorError>,
        ended: @escaping @Sendable (AnswerReader, (any Error)?) -> Void
    ) {
        self.url = url
        self.mailbox = mailbox
        self.silence = silence
        self.decode = decode
        self.finish = finish
        self.ended = ended
    }

    /// Whether a response head came: without one, an error may mean the peer does not speak HTTP.
    var answered: Bool { lock.withLock { head != nil } }

    /// Whether the reader put the answer's end (events, a failure or a refusal) in the mailbox.
    var settled: Bool { lock.withLock { done } }

    /// Whether the request has ended (`ended` has run or is running).
    var hasEnded: Bool { lock.withLock { over } }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        silence.heardNow()
        let type = head.headers.first(name: "content-type") ?? "none"
        let streams = head.status == .ok && type.lowercased().hasPrefix("text/event-stream")
        lock.withLock {
            self.head = head
            if !streams { refusedBody = [] }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        silence.heardNow()
        let refused = lock.withLock { () -> (HTTPResponseHead, [UInt8], full: Bool)? in
            guard let head, var body = refusedBody else { return nil }
            body += buffer.readableBytesView.prefix(Self.refusalLimit - body.count)
            refusedBody = body
            return (head, body, body.count >= Self.refusalLimit)
        }
        if let refused {
            // Enough to say why: an endless refusal must not keep the run waiting.
            if refused.full { stop(task) { mailbox.fail(Self.refusal(refused.0, body: refused.1, url: url)) } }
        } else if !settled {
            switch decode(buffer.readableBytesView) {
            case .success(let events): mailbox.post(events)
            case .failure(let error): stop(task) { mailbox.fail(error) }
            }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        let (head, body) = lock.withLock { (self.head, refusedBody) }
        if let head, let body {
            settle { mailbox.fail(Self.refusal(head, body: body, url: url)) }
        } else if !settled {
            switch finish() {
            case .success(let events): settle { mailbox.post(events) }
            case .failure(let error): settle { mailbox.fail(error) }
            }
        }
        end(nil)
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        end(error)
    }

    /// Runs `ended` once: the client calls one of the two ends, but a reader must never run it twice.
    private func end(_ error: (any Error)?) {
        let first = lock.withLock { () -> Bool in
            defer { over = true }
            return !over
        }
        if first { ended(self, error) }
    }

    /// Settles the answer with `post` and reads no more of it: the request ends here.
    private func stop(_ task: HTTPClient.Task<Void>, _ post: () -> Void) {
        settle(post)
        task.cancel()
    }

    /// Marks the answer settled, then runs `post`; once only.
    private func settle(_ post: () -> Void) {
        let first = lock.withLock { () -> Bool in
            defer { done = true }
            return !done
        }
        if first { post() }
    }

    /// Why a response is not a run's event stream: a status other than 200, or another content type.
    static func refusal(_ head: HTTPResponseHead, body bytes: [UInt8], url: String) -> ConnectorError {
        let said: String
        if ByteExcerpt.isBinary(bytes.prefix(AGUIConversation.RunState.headLimit)) {
            // Binary: the first bytes, escaped, so the terminal shows them rather than obeys them.
            said = ": the body began \(ByteExcerpt.quoted(bytes))"
        } else {
            let excerpt = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).prefix(300)
            said = excerpt.isEmpty ? "" : ": \(excerpt)"
        }
        if head.status != .ok {
            return ConnectorError("the agent at \(url) answered HTTP \(head.status.code) \(head.status.reasonPhrase)\(said)")
        }
        let type = head.headers.first(name: "content-type") ?? "none"
        return ConnectorError("the agent at \(url) answered with content type \(type), not text/event-stream\(said)")
    }
}
