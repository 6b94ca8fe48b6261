/// A user message sent and not yet echoed, with its place on the retry ladder
/// (protocols/polyai-messaging.md 9): resent as the identical frame every 3 s, 4 sends in all,
/// failed 12 s after the first.
struct PendingMessage: Hashable, Sendable {
    static let resendInterval: Duration = .seconds(3)
    static let maxSends = 4
    static let timeout: Duration = .seconds(12)

    /// The draft id, which is also the frame's `local_id`.
    let draftID: String
    /// The trimmed text, for echoes that carry no `local_id`.
    let text: String
    /// The exact frame, resent unchanged.
    let frame: String
    let firstSent: Duration
    var sends = 1

    /// When the next resend is due, or nil after the last one.
    var nextResend: Duration? {
        sends < Self.maxSends ? firstSent + Self.resendInterval * sends : nil
    }

    /// When the message counts as failed.
    var failsAt: Duration { firstSent + Self.timeout }

    /// The next time this message needs attention.
    var deadline: Duration { min(nextResend ?? failsAt, failsAt) }

    /// Moves along the ladder to `now`: true when a resend is due. Slots missed by a late tick
    /// are counted as used, so the ladder keeps its timing and one late tick sends one frame.
    mutating func resendDue(at now: Duration) -> Bool {
        guard let next = nextResend, now >= next else { return false }
        let slots = Int(((now - firstSent) / Self.resendInterval).rounded(.down))
        sends = min(Self.maxSends, slots + 1)
        return true
    }
}
