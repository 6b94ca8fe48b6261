import ParleyCometChat
import ParleyModel
import Testing

/// Drives a ``CometChatConversation`` at chosen times (seconds on a made-up clock) and keeps
/// every event it reported.
struct ConversationDriver {
    var conversation: CometChatConversation
    var events: [AgentEvent] = []

    /// Mapping tests see every run (`runs: .all`); ownership tests pass `.mine`.
    init(peer: CometChatPeer = .agent(uid: F.agent), quiet: Duration = .seconds(1), runs: RunScope = .all) {
        conversation = CometChatConversation(settings: .init(user: F.user, peer: peer, quiet: quiet, runs: runs))
    }

    static func at(_ seconds: Double) -> Duration { .milliseconds(Int((seconds * 1000).rounded())) }

    /// Feeds one text frame; returns its events. A protocol warning fails the test unless
    /// `warnings` allows it.
    @discardableResult
    mutating func receive(_ text: String, at seconds: Double = 0, warnings: Bool = false) -> [AgentEvent] {
        let reported = conversation.receive(text: text, at: Self.at(seconds))
        if !warnings, let warning = reported.first(where: { if case .protocolWarning = $0 { true } else { false } }) {
            Issue.record("unexpected protocol warning: \(warning)")
        }
        events += reported
        return reported
    }

    /// The protocol warnings' messages so far.
    var warnings: [String] {
        events.compactMap { event in
            if case .protocolWarning(let message, _) = event { return message }
            return nil
        }
    }

    /// Feeds frames in order at the same time.
    mutating func receive(_ texts: [String], at seconds: Double = 0) {
        for text in texts { receive(text, at: seconds) }
    }

    @discardableResult
    mutating func tick(at seconds: Double) -> [AgentEvent] {
        let reported = conversation.tick(at: Self.at(seconds))
        events += reported
        return reported
    }

    mutating func userActed(at seconds: Double) {
        conversation.userActed(at: Self.at(seconds))
    }

    /// The flow pressed a button (submit, click, schedule).
    mutating func userPressed(at seconds: Double) {
        conversation.userActed(at: Self.at(seconds), pressing: true)
    }

    /// Forgets what was recorded so far.
    mutating func clear() {
        events = []
    }

    var turnEnds: Int { events.filter { $0 == .turnEnded }.count }
}
