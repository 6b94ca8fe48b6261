/// The slot a `schedule` step picked, already resolved by the session: its start as ISO 8601 text
/// and its length in minutes (schedulerData's `meetStartAt` and `duration`).
public struct CometChatMeeting: Hashable, Sendable {
    public var startAt: String
    public var duration: Int

    /// Creates a meeting.
    public init(startAt: String, duration: Int) {
        self.startAt = startAt
        self.duration = duration
    }
}
