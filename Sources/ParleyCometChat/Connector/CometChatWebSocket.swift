import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import ParleyCore
import ParleyModel
import ParleyWebSocket

/// The realtime connection over a WebSocket: the auth frame first, the server's
/// `{"type":"auth","body":{"code":"200","status":"OK"}}` within the timeout, then text frames,
/// kept alive by ``CometChatKeepAlive`` (a ping at once and every 15 s; a pong, which is not
/// delivered, within 3 s, or the socket is closed as dead).
public struct CometChatWebSocket: CometChatRealtime {
    private let clock: any MonotonicClock
    private let logger: Logger

    /// A transport on the run's clock.
    public init(clock: any MonotonicClock, logger: Logger) {
        self.clock = clock
        self.logger = logger
    }

    public func run(
        _ login: CometChatLogin, opened: @escaping @Sendable () async -> Void, deliver: @escaping @Sendable (CometChatInbound) async -> Void
    ) async -> CometChatRealtimeEnding {
        let state = SocketState()
        // The attempt runs unstructured and races the watchdog: a handshake that hangs is
        // abandoned (and closed once it opens) instead of hanging the flow.
        let (results, sink) = AsyncStream.makeStream(of: CometChatRealtimeEnding.self)
        // A dead socket (no pong) ends the run at once, even while its close goes unanswered.
        state.onSilence { sink.yield(.unresponsive($0)) }
        let attempt = Task { sink.yield(await connect(login, state: state, opened: opened, deliver: deliver)) }
        let ending = await withTaskGroup(of: Void.self) { [clock] group in
            group.addTask {
                // The watchdog: a socket that is not authenticated in time is given up and closed.
                guard (try? await clock.sleep(for: login.timeout)) != nil, !state.authenticated else { return }
                let why =
                    state.opened
                    ? "the server did not answer the auth frame within \(login.timeout.flowText)"
                    : "the socket at \(login.url) did not open within \(login.timeout.flowText)"
                state.fail(why)
                attempt.cancel()
                await state.closeSocket(code: .goingAway, reason: "timed out")
                sink.yield(.failed(why))
            }
            let ending = await withTaskCancellationHandler {
                var iterator = results.makeAsyncIterator()
                return await iterator.next() ?? .cancelled
            } onCancel: {
                state.cancel()
                sink.yield(.cancelled)
            }
            group.cancelAll()
            return ending
        }
        sink.finish()
        if ending == .cancelled {
            // A cancelled task cannot write (NIO drops its writes), so the close frame goes from a
            // task of its own, awaited: the server hears the normal close before the scope ends.
            await Task { await state.closeSocket(code: .normalClosure, reason: "Parley finished the flow") }.value
        }
        return ending
    }

    private func connect(
        _ login: CometChatLogin, state: SocketState, opened: @escaping @Sendable () async -> Void,
        deliver: @escaping @Sendable (CometChatInbound) async -> Void
    ) async -> CometChatRealtimeEnding {
        do {
            var configuration = WebSocketClientConfiguration()
            configuration.maxFrameSize = EventSizeLimit.bytes
            let frame = try await WebSocketClient.connect(url: login.url, configuration: configuration, logger: logger) {
                [clock] inbound, outbound, _ in
                state.open(outbound)
                if state.isCancelled { return try await outbound.close(.normalClosure, reason: "Parley finished the flow") }
                try await outbound.writeTextMessage(login.authFrame)
                try await Self.read(inbound, outbound, clock: clock, timing: login.timing, state: state, opened: opened, deliver: deliver)
            }
            if let failure = state.failure { return .failed(failure) }
            if let refusal = state.refusal { return .refused(refusal) }
            if let silence = state.silence { return .unresponsive(silence) }
            if state.isCancelled { return .cancelled }
            guard let frame else { return .dropped }
            return .closed(code: Int(UInt16(webSocketErrorCode: frame.closeCode)), reason: frame.reason ?? "")
        } catch {
            if let failure = state.failure { return .failed(failure) }
            if let refusal = state.refusal { return .refused(refusal) }
            if let silence = state.silence { return .unresponsive(silence) }
            if state.isCancelled { return .cancelled }
            // A message of fragments above `messages(maxSize:)`: the client sent 1009 and says so.
            // (A single frame above `maxFrameSize` does not: NIO's error handler closes the channel
            // before the error reaches the inbound stream, which just ends; that reads as a drop.)
            if (error as? WebSocketClientError) == .serverSentMessageTooLarge { return .failed(EventSizeLimit.refusal) }
            if state.opened { return .dropped }
            if let client = error as? WebSocketClientError, client == .webSocketUpgradeFailed {
                let status = await WebSocketUpgradeProbe.status(of: login.url, timeout: min(login.timeout, .seconds(5)))
                return .failed(WebSocketUpgradeProbe.declined(login.url, status: status))
            }
            return .failed("could not connect to \(login.url): \(CometChatRestClient.networkReason(error))")
        }
    }

    /// Reads the socket's frames until it ends: the auth answer first, then the agent's frames,
    /// with the keep-alive running from the moment `opened` returns.
    private static func read(
        _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, clock: any MonotonicClock, timing: CometChatLinkTiming,
        state: SocketState, opened: @escaping @Sendable () async -> Void, deliver: @escaping @Sendable (CometChatInbound) async -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            defer { group.cancelAll() }
            for try await message in inbound.messages(maxSize: EventSizeLimit.bytes) {
                let text: String
                switch message {
                case .text(let value):
                    text = value
                case .binary(let bytes):
                    // The SDK logs a binary frame and reads on; the conversation warns.
                    await deliver(.binary(byteCount: bytes.readableBytes))
                    continue
                }
                if !state.authenticated {
                    guard Self.isAuthAnswer(text) else {
                        // The SDK reads every frame by its type, before its auth answer too: hand
                        // it on (the conversation warns about one it cannot read).
                        await deliver(.text(text))
                        continue
                    }
                    if let refusal = Self.authRefusal(text) {
                        state.refuse(refusal)
                        return try await outbound.close(.policyViolation, reason: "not authenticated")
                    }
                    state.authenticate()
                    await opened()
                    state.startKeepAlive(timing: timing, at: clock.now)
                    group.addTask { try await keepAlive(outbound, clock: clock, timing: timing, state: state) }
                    continue
                }
                if Self.isPong(text) {
                    state.pong()
                    continue
                }
                // A socket given up as dead delivers nothing more: its successor may be open already.
                guard state.silence == nil else { return }
                await deliver(.text(text))
            }
        }
    }

    /// Pings as ``CometChatKeepAlive`` says; a pong overdue closes the socket as dead.
    private static func keepAlive(
        _ outbound: WebSocketOutboundWriter, clock: any MonotonicClock, timing: CometChatLinkTiming, state: SocketState
    ) async throws {
        while true {
            switch state.keepAliveStep(at: clock.now) {
            case .ping:
                try await outbound.writeTextMessage(CometChatKeepAlive.pingFrame)
            case .overdue:
                state.silent("CometChat did not answer a ping within \(timing.pongWindow.flowText)")
                try await outbound.close(.goingAway, reason: "no pong")
                return
            case .wait(let until):
                try await clock.sleep(until: until)
            }
        }
    }

    /// Nil when `text` is the server's successful auth answer (`code` 200 as a number or a string,
    /// as the two SDKs read it, and `status` OK in any case); else why the socket is not authenticated.
    public static func authRefusal(_ text: String) -> String? {
        guard let frame = try? JSONValue(parsing: text), frame["type"] == .string("auth") else {
            return "the server's first frame was not the answer to the auth frame: \(CometChatRestClient.excerpt(text))"
        }
        switch CometChatAuthReply.decode(frame) {
        case .success(let reply) where reply.isSuccess:
            return nil
        case .success(let reply):
            let message = reply.message ?? frame["body"]?.compactText() ?? ""
            return "CometChat refused the socket's authentication: \(message)"
        case .failure(let violation):
            return "CometChat refused the socket's authentication: \(violation.message)"
        }
    }

    /// Whether `text` is an `auth` frame (the answer to ours).
    public static func isAuthAnswer(_ text: String) -> Bool {
        guard text.contains("auth"), let frame = try? JSONValue(parsing: text) else { return false }
        return frame["type"] == .string("auth")
    }

    static func isPong(_ text: String) -> Bool {
        guard text.contains("pong"), let frame = try? JSONValue(parsing: text) else { return false }
        return frame["action"] == .string("pong")
    }
}

/// One socket's progress, shared between its handler, the watchdog and cancellation.
private final class SocketState: @unchecked Sendable {
    private let lock = NSLock()
    private var writer: WebSocketOutboundWriter?
    private var openedFlag = false
    private var authenticatedFlag = false
    private var cancelledFlag = false
    private var failureText: String?
    private var refusalText: String?
    private var silenceText: String?
    private var keepAlive: CometChatKeepAlive?
    private var silenceReport: (@Sendable (String) -> Void)?

    var opened: Bool { lock.withLock { openedFlag } }
    var authenticated: Bool { lock.withLock { authenticatedFlag } }
    var isCancelled: Bool { lock.withLock { cancelledFlag } }
    var failure: String? { lock.withLock { failureText } }
    var refusal: String? { lock.withLock { refusalText } }
    var silence: String? { lock.withLock { silenceText } }

    func open(_ outbound: WebSocketOutboundWriter) {
        lock.withLock {
            writer = outbound
            openedFlag = true
        }
    }

    func authenticate() { lock.withLock { authenticatedFlag = true } }
    func cancel() { lock.withLock { cancelledFlag = true } }
    func fail(_ reason: String) { lock.withLock { if failureText == nil { failureText = reason } } }
    func refuse(_ reason: String) { lock.withLock { refusalText = reason } }
    func silent(_ reason: String) {
        let report = lock.withLock { () -> (@Sendable (String) -> Void)? in
            silenceText = reason
            return silenceReport
        }
        report?(reason)
    }

    func onSilence(_ report: @escaping @Sendable (String) -> Void) { lock.withLock { silenceReport = report } }

    func startKeepAlive(timing: CometChatLinkTiming, at now: Duration) {
        lock.withLock { keepAlive = CometChatKeepAlive(timing: timing, authenticatedAt: now) }
    }

    func keepAliveStep(at now: Duration) -> CometChatKeepAlive.Step {
        lock.withLock { keepAlive?.step(at: now) ?? .wait(until: now + .seconds(1)) }
    }

    func pong() { lock.withLock { keepAlive?.pong() } }

    func closeSocket(code: WebSocketErrorCode, reason: String) async {
        guard let open = lock.withLock({ writer }) else { return }
        try? await open.close(code, reason: reason)
    }
}
