import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import ParleyCore
import ParleyModel

/// One frame a test client received.
struct PolyAIFrame: Sendable, CustomStringConvertible {
    /// The text of a text frame.
    var text: String?
    /// The bytes of a binary frame.
    var binary: [UInt8]?

    /// The frame as JSON; nil for a binary frame or text that is not JSON.
    var json: JSONValue? { text.flatMap { try? JSONValue(parsing: $0) } }
    var type: String? { json?["type"].flatMap(Self.string) }
    var id: String? { json?["id"].flatMap(Self.string) }
    var sequence: Int? {
        if case .number(let number)? = json?["sequence"] { return Int(number) }
        return nil
    }
    var payload: JSONValue? { json?["payload"] }
    /// `payload.<key>` as text.
    func string(_ key: String) -> String? { payload?[key].flatMap(Self.string) }

    /// The events of a batch frame, each as a frame of its own.
    var batched: [PolyAIFrame] {
        guard case .array(let events)? = payload?["events"] else { return [] }
        return events.map { PolyAIFrame(text: $0.serialized()) }
    }

    var description: String { text ?? "binary \(binary ?? [])" }

    static func string(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }
}

/// A test's side of one PolyAI socket: frames received so far, and sending. Received frames are
/// collected by a reader task; a test waits for the frames it expects (woken by each frame, not by
/// polling), with a generous real-time limit so a missing frame fails the test instead of hanging it.
final class PolyAISocketProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [PolyAIFrame] = []
    private var ended = false
    /// Counts what a waiter may want to look at again: a frame, the end, a limit passing.
    private var changes = 0
    private let changed = Waiters()
    private let outbound: WebSocketOutboundWriter

    init(outbound: WebSocketOutboundWriter) {
        self.outbound = outbound
    }

    /// Every frame so far.
    var frames: [PolyAIFrame] { lock.withLock { received } }
    /// Whether the server closed or the connection ended.
    var isEnded: Bool { lock.withLock { ended } }

    /// Sends one text frame.
    func send(_ text: String) async throws {
        try await outbound.write(.text(text))
    }

    /// Sends a client event: `{"type": EVENT_TYPE_<type>, "payload": …, "metadata": …}`.
    func send(type: String, payload: String = "{}", metadata: String? = nil) async throws {
        let more = metadata.map { #","metadata":\#($0)"# } ?? ""
        try await send(#"{"type":"EVENT_TYPE_\#(type)","payload":\#(payload)\#(more)}"#)
    }

    /// Waits until `done` holds for the frames received (or the socket ended), for at most
    /// `timeout` of real time (a limit for a frame that never comes, not a measure of anything);
    /// returns the frames either way, for the test to check.
    @discardableResult
    func wait(timeout: Duration = .seconds(60), until done: ([PolyAIFrame]) -> Bool) async throws -> [PolyAIFrame] {
        let clock = SystemClock()
        let deadline = clock.now + timeout
        let alarm = clock.alarm(at: deadline) { [self] in changedNow() }
        defer { alarm.cancel() }
        while true {
            let (frames, ended, seen) = lock.withLock { (received, self.ended, changes) }
            if done(frames) || ended || clock.now >= deadline || Task.isCancelled { return frames }
            await changed.wait { lock.withLock { changes != seen } }
        }
    }

    /// Waits until `count` frames of `type` (`EVENT_TYPE_` left out) have come.
    @discardableResult
    func wait(for type: String, count: Int = 1, timeout: Duration = .seconds(60)) async throws -> [PolyAIFrame] {
        try await wait(timeout: timeout) { frames in frames.filter { $0.type == "EVENT_TYPE_\(type)" }.count >= count }
    }

    /// Waits until the server ends the socket.
    func waitForEnd(timeout: Duration = .seconds(60)) async throws {
        try await wait(timeout: timeout) { _ in false }
    }

    fileprivate func append(_ frame: PolyAIFrame) {
        lock.withLock {
            received.append(frame)
            changes += 1
        }
        changed.resumeAll()
    }

    fileprivate func end() {
        lock.withLock {
            ended = true
            changes += 1
        }
        changed.resumeAll()
    }

    private func changedNow() {
        lock.withLock { changes += 1 }
        changed.resumeAll()
    }

    /// What a socket ended with: the server's close frame (nil when the connection ended without
    /// one, a drop) and every frame received.
    struct Outcome: Sendable {
        var close: WebSocketCloseFrame?
        var frames: [PolyAIFrame]
    }

    /// Connects to `url` (`ws://…/ws?…`), runs `body` with the probe, and returns how the socket
    /// ended. The client closes (1000) when `body` returns, unless the server ended it first.
    static func connect(_ url: String, _ body: @escaping @Sendable (PolyAISocketProbe) async throws -> Void) async throws -> Outcome {
        var logger = Logger(label: "polyai-test-client")
        logger.logLevel = .critical
        let opened = OpenedProbe()
        let close = try await WebSocketClient.connect(url: url, configuration: .init(maxFrameSize: 1 << 20), logger: logger) {
            inbound, outbound, _ in
            let probe = PolyAISocketProbe(outbound: outbound)
            opened.set(probe)
            // Written first, as Parley's connector does: a connection that ended together with its
            // 101 is never seen ending by the reader, but a write on it fails at once.
            guard (try? await outbound.write(.pong)) != nil else { return probe.end() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { probe.end() }
                    do {
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            switch message {
                            case .text(let text): probe.append(PolyAIFrame(text: text))
                            case .binary(let buffer): probe.append(PolyAIFrame(binary: Array(buffer.readableBytesView)))
                            }
                        }
                    } catch {
                        // A dropped connection: the frames so far are what the test checks.
                    }
                }
                try await body(probe)
                if probe.isEnded { try await group.waitForAll() } else { group.cancelAll() }
            }
        }
        return Outcome(close: close, frames: opened.probe?.frames ?? [])
    }
}

/// The probe of a socket, kept for after the socket ends.
private final class OpenedProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: PolyAISocketProbe?

    var probe: PolyAISocketProbe? { lock.withLock { stored } }

    func set(_ probe: PolyAISocketProbe) {
        lock.withLock { stored = probe }
    }
}
