import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import ParleyCore
import ParleyModel
import ParleyWebSocket

/// The realtime connection over a WebSocket: the auth frame first, the server's
/// `{"type":"auth","body":{"code":200}}` within the timeout, then text frames, with a ping every
/// 20 s (the server answers `{"action":"pong"}`, which is not delivered).
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
        let attempt = Task { sink.yield(await connect(login, state: state, opened: opened, deliver: deliver)) }
        let watchdog = Task { [clock] in
            try await clock.sleep(for: login.timeout)
            guard !state.authenticated else { return }
            let why =
                state.opened
                ? "the server did not answer the auth frame within \(login.timeout.flowText)"
                : "the socket at \(login.url) did not open within \(login.timeout.flowText)"
            state.fail(why)
            sink.yield(.failed(why))
            attempt.cancel()
            await state.closeSocket(code: .goingAway, reason: "timed out")
        }
        let ending = await withTaskCancellationHandler {
            var iterator = results.makeAsyncIterator()
            return await iterator.next() ?? .cancelled
        } onCancel: {
            state.cancel()
            sink.yield(.cancelled)
            Task { await state.closeSocket(code: .normalClosure, reason: "Parley finished the flow") }
        }
        watchdog.cancel()
        sink.finish()
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
                try await Self.read(inbound, outbound, clock: clock, state: state, opened: opened, deliver: deliver)
            }
            if let failure = state.failure { return .failed(failure) }
            if state.isCancelled { return .cancelled }
            guard let frame else { return .dropped }
            return .closed(code: Int(UInt16(webSocketErrorCode: frame.closeCode)), reason: frame.reason ?? "")
        } catch {
            if let failure = state.failure { return .failed(failure) }
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

    /// Reads the socket's frames until it ends: the auth answer first, then the agent's frames.
    private static func read(
        _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, clock: any MonotonicClock, state: SocketState,
        opened: @escaping @Sendable () async -> Void, deliver: @escaping @Sendable (CometChatInbound) async -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                while true {
                    try await clock.sleep(for: .seconds(20))
                    try await outbound.writeTextMessage(#"{"action":"ping"}"#)
                }
            }
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
                    if let refusal = Self.authRefusal(text) {
                        state.fail(refusal)
                        return try await outbound.close(.policyViolation, reason: "not authenticated")
                    }
                    state.authenticate()
                    await opened()
                    continue
                }
                if Self.isPong(text) { continue }
                await deliver(.text(text))
            }
        }
    }

    /// Nil when `text` is the server's successful auth answer; else why the socket is not authenticated.
    static func authRefusal(_ text: String) -> String? {
        guard let frame = try? JSONValue(parsing: text), frame["type"] == .string("auth") else {
            return "the server's first frame was not the answer to the auth frame: \(CometChatRestClient.excerpt(text))"
        }
        if case .number(let code)? = frame["body"]?["code"], code == 200 { return nil }
        if case .string(let code)? = frame["body"]?["code"], code == "200" { return nil }
        let message = frame["body"]?["message"].map { $0.compactText() } ?? frame["body"]?.compactText() ?? ""
        return "CometChat refused the socket's authentication: \(message)"
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

    var opened: Bool { lock.withLock { openedFlag } }
    var authenticated: Bool { lock.withLock { authenticatedFlag } }
    var isCancelled: Bool { lock.withLock { cancelledFlag } }
    var failure: String? { lock.withLock { failureText } }

    func open(_ outbound: WebSocketOutboundWriter) {
        lock.withLock {
            writer = outbound
            openedFlag = true
        }
    }

    func authenticate() { lock.withLock { authenticatedFlag = true } }
    func cancel() { lock.withLock { cancelledFlag = true } }
    func fail(_ reason: String) { lock.withLock { if failureText == nil { failureText = reason } } }

    func closeSocket(code: WebSocketErrorCode, reason: String) async {
        guard let open = lock.withLock({ writer }) else { return }
        try? await open.close(code, reason: reason)
    }
}
