import Foundation
import ParleyModel

/// One PolyAI conversation on the client side: everything the SDK does beyond the socket
/// (protocols/polyai-messaging.md 5-9): dedup and the cursor, the join decision, stream assembly,
/// delivery confirmation with its retry ladder, the typing throttle, and when the agent's turn ends.
///
/// Pure: no I/O, no clock reads, no randomness. Every input carries the run's monotonic time and
/// every output is a ``PolyReaction``; the I/O side calls ``tick(at:)`` at ``nextDeadline``
/// (STYLE rules 11, 14).
public struct PolyConversation: Sendable {
    /// Choices the protocol leaves to the client.
    public struct Options: Sendable {
        /// How chunk texts join into the final reply.
        public var joining: ChunkJoining
        /// The silence after a complete reply that ends the agent's turn.
        public var quiet: Duration

        /// Creates options.
        public init(joining: ChunkJoining = .space, quiet: Duration = .milliseconds(500)) {
            self.joining = joining
            self.quiet = quiet
        }
    }

    /// How long an agent's thinking or a live agent's typing shows without news (the SDK's 10 s).
    static let typingIndicatorTimeout: Duration = .seconds(10)
    /// The user's STARTED frames are at least this far apart.
    static let userTypingThrottle: Duration = .seconds(3)
    /// The user's typing stops this long after the last keystroke.
    static let userTypingIdle: Duration = .seconds(5)

    public let options: Options
    let makeID: @Sendable () -> String

    /// The highest `sequence` seen on any event, batches included; 0 = none. The reconnect cursor.
    public internal(set) var cursor = 0
    /// What the last SESSION_START announced.
    public internal(set) var capabilities = PolyCapabilities()
    /// The conversation is over: the server, the agent or the user ended it, or the socket closed cleanly.
    public internal(set) var hasEnded = false

    /// Ids of permanent events already handled.
    var seen: Set<String> = []
    /// A join was sent or an agent was seen joining in this session.
    var joinRequested = false
    /// The stream being assembled.
    var stream: PolyStream?
    /// User messages awaiting their echo, oldest first.
    var pending: [PendingMessage] = []
    /// Local ids already confirmed, so the echo of a resent frame is not taken for another tab's message.
    var confirmed: Set<String> = []
    /// When the agent's thinking indicator dismisses itself; nil when it is off.
    var thinkingUntil: Duration?
    /// When the live agent's typing indicator dismisses itself; nil when it is off.
    var liveTypingUntil: Duration?
    /// When the user's last STARTED frame went out (the throttle); nil after STOPPED.
    var userTypingSince: Duration?
    /// When the user's STOPPED frame is due.
    var userTypingStopAt: Duration?
    /// The agent owes a turn end: since the start or the last user action none was reported.
    var turnOpen = true
    /// A complete reply or the session's end arrived since the last user action.
    var turnAnswered = false
    /// When an event was last reported; the quiet period runs from here.
    var lastReport: Duration?

    /// A conversation; `makeID` makes draft ids (also the frames' `local_id`), injected so tests
    /// are deterministic.
    public init(options: Options, makeID: @escaping @Sendable () -> String = { RandomID.string() }) {
        self.options = options
        self.makeID = makeID
    }

    /// The earliest time ``tick(at:)`` has something to do: a resend, a delivery failure, the
    /// user's typing stop, an indicator's dismissal or the turn's end.
    public var nextDeadline: Duration? {
        var deadlines = pending.map(\.deadline)
        deadlines += [userTypingStopAt, thinkingUntil, liveTypingUntil, turnEndTime].compactMap { $0 }
        return deadlines.min()
    }

    /// Handles one text frame from the server.
    public mutating func receive(text: String, at now: Duration) -> PolyReaction {
        let frame: PolyFrame
        switch PolyFrame.decode(text) {
        case .failure(let error): return PolyReaction(failure: error.message)
        case .success(let decoded): frame = decoded
        }
        var reaction = PolyReaction(dropped: frame.dropped)
        // Replayed history with a joined agent must not cause a second join, whatever the order.
        if frame.events.contains(where: { $0.type == .polyAgentJoined }) { joinRequested = true }
        for event in frame.events {
            handle(event, at: now, into: &reaction)
        }
        return finish(reaction, at: now)
    }

    /// Does what is due at `now`: resends, delivery failures, the user's typing stop, indicator
    /// dismissals and the turn's end.
    public mutating func tick(at now: Duration) -> PolyReaction {
        var reaction = PolyReaction()
        tickDeliveries(at: now, into: &reaction)
        if let stop = userTypingStopAt, now >= stop {
            reaction.frames.append(PolyOutgoing.userTyping(.stopped).text)
            userTypingStopAt = nil
            userTypingSince = nil
        }
        if let until = thinkingUntil, now >= until { stopThinking(into: &reaction) }
        if let until = liveTypingUntil, now >= until { stopLiveTyping(into: &reaction) }
        return finish(reaction, at: now)
    }

    /// The server closed the socket with 1000: whatever was streaming is final and the conversation
    /// is over. Like the SDK, no `sessionEnded` is made up; the turn ends so a waiting flow moves on.
    public mutating func closedCleanly(at now: Duration) -> PolyReaction {
        var reaction = PolyReaction()
        guard !hasEnded else { return reaction }
        wrapUp(into: &reaction)
        hasEnded = true
        if turnOpen {
            reaction.events.append(.turnEnded)
            turnOpen = false
        }
        return finish(reaction, at: now)
    }

    /// A new session replaces the old one (after 4001 or a refetch): dedup, the join flag, the
    /// cursor and any open stream start over, and messages still awaiting an echo are failed, since
    /// the new session will never echo them.
    public mutating func startNewSession(at now: Duration) -> PolyReaction {
        var reaction = PolyReaction()
        seen = []
        confirmed = []
        joinRequested = false
        cursor = 0
        if let open = stream {
            // The stream's text was reported as it came; close it so every start has its end.
            reaction.events.append(.textEnd(messageID: open.messageID))
            stream = nil
        }
        failPending(into: &reaction)
        stopThinking(into: &reaction)
        stopLiveTyping(into: &reaction)
        userTypingSince = nil
        userTypingStopAt = nil
        return finish(reaction, at: now)
    }

    // MARK: - Shared steps

    /// Closes everything open before an ending: the stream is final, indicators stop, messages
    /// still awaiting an echo are failed and the user's typing timer is dropped.
    mutating func wrapUp(into reaction: inout PolyReaction) {
        finalizeStream(into: &reaction)
        stopThinking(into: &reaction)
        stopLiveTyping(into: &reaction)
        failPending(into: &reaction)
        userTypingSince = nil
        userTypingStopAt = nil
    }

    /// Ends the conversation with `reason`: everything open closes, then `sessionEnded` and, at
    /// once, the turn's end. Reported once, whoever ends first.
    mutating func endSession(reason: String?, into reaction: inout PolyReaction) {
        guard !hasEnded else { return }
        wrapUp(into: &reaction)
        reaction.events.append(.sessionEnded(reason: reason))
        hasEnded = true
        if turnOpen {
            reaction.events.append(.turnEnded)
            turnOpen = false
        }
    }

    /// Reports the open stream as final.
    mutating func finalizeStream(into reaction: inout PolyReaction) {
        guard let open = stream else { return }
        stream = nil
        let events = open.finish
        if events.contains(where: { if case .reply = $0 { true } else { false } }) { turnAnswered = true }
        reaction.events += events
    }

    /// Turns the agent's thinking off, reporting it only when it was on.
    mutating func stopThinking(into reaction: inout PolyReaction) {
        guard thinkingUntil != nil else { return }
        thinkingUntil = nil
        reaction.events.append(.typing(who: .agent, isTyping: false))
    }

    /// Turns the live agent's typing off, reporting it only when it was on.
    mutating func stopLiveTyping(into reaction: inout PolyReaction) {
        guard liveTypingUntil != nil else { return }
        liveTypingUntil = nil
        reaction.events.append(.typing(who: .live, isTyping: false))
    }

    /// Fails every message still awaiting its echo.
    mutating func failPending(into reaction: inout PolyReaction) {
        reaction.events += pending.map { .delivery(draftID: $0.draftID, state: .failed) }
        pending = []
    }

    /// When the open turn ends if nothing else happens: a complete reply or the end arrived, no
    /// stream is open, nobody is thinking or typing, and `quiet` has passed since the last event.
    var turnEndTime: Duration? {
        guard turnOpen, turnAnswered, !hasEnded, stream == nil, thinkingUntil == nil, liveTypingUntil == nil else { return nil }
        return (lastReport ?? .zero) + options.quiet
    }

    /// Notes when events were reported and adds the turn's end when it is due.
    mutating func finish(_ reaction: PolyReaction, at now: Duration) -> PolyReaction {
        var reaction = reaction
        if !reaction.events.isEmpty { lastReport = now }
        if let due = turnEndTime, now >= due {
            reaction.events.append(.turnEnded)
            turnOpen = false
        }
        return reaction
    }
}
