import Foundation
import ParleyModel
import ParleyPolyAI

/// Drives a ``PolyConversation`` at chosen times (seconds on a made-up clock) and keeps everything
/// it reported and sent, so a test reads the whole exchange. Draft ids are `d1`, `d2`, …
struct ConversationDriver {
    var conversation: PolyConversation
    var events: [AgentEvent] = []
    var frames: [String] = []
    var dropped: [String] = []

    init(joining: ChunkJoining = .space, quiet: Duration = .milliseconds(500)) {
        let counter = IDCounter()
        conversation = PolyConversation(options: .init(joining: joining, quiet: quiet), makeID: { counter.next() })
    }

    static func at(_ seconds: Double) -> Duration { .milliseconds(Int((seconds * 1000).rounded())) }

    /// Feeds one frame; returns its reaction and records it.
    @discardableResult
    mutating func receive(_ text: String, at seconds: Double = 0) -> PolyReaction {
        record(conversation.receive(text: text, at: Self.at(seconds)))
    }

    @discardableResult
    mutating func send(_ text: String, at seconds: Double = 0) -> PolyReaction {
        record(conversation.send(text: text, at: Self.at(seconds)))
    }

    @discardableResult
    mutating func typing(at seconds: Double) -> PolyReaction {
        record(conversation.typing(at: Self.at(seconds)))
    }

    @discardableResult
    mutating func end(at seconds: Double = 0) -> PolyReaction {
        record(conversation.end(at: Self.at(seconds)))
    }

    @discardableResult
    mutating func tick(at seconds: Double) -> PolyReaction {
        record(conversation.tick(at: Self.at(seconds)))
    }

    @discardableResult
    mutating func closedCleanly(at seconds: Double = 0) -> PolyReaction {
        record(conversation.closedCleanly(at: Self.at(seconds)))
    }

    /// Ticks at every deadline up to `seconds`, as the I/O side's timer loop does.
    mutating func run(until seconds: Double) {
        while let deadline = conversation.nextDeadline, deadline <= Self.at(seconds) {
            tick(at: Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18)
        }
    }

    /// Forgets what was recorded so far.
    mutating func clear() {
        events = []
        frames = []
        dropped = []
    }

    private mutating func record(_ reaction: PolyReaction) -> PolyReaction {
        events += reaction.events
        frames += reaction.frames
        dropped += reaction.dropped
        return reaction
    }
}

/// Deterministic draft ids.
final class IDCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> String {
        lock.withLock {
            count += 1
            return "d\(count)"
        }
    }
}

/// The frames the conversation sends, as text, for comparisons.
enum Sent {
    static let join = PolyOutgoing.requestPolyAgentJoin.text
    static let end = PolyOutgoing.userEndSession.text
    static let typingStarted = PolyOutgoing.userTyping(.started).text
    static let typingStopped = PolyOutgoing.userTyping(.stopped).text

    static func message(_ text: String, _ localID: String) -> String {
        PolyOutgoing.userMessage(text: text, localID: localID).text
    }
}
