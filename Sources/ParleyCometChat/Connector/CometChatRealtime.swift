/// How the connector hears CometChat in real time: streamed run events, messages, interaction
/// receipts. CometChat's own realtime handshake is not public (its host comes from the client
/// API's settings; protocols/cometchat.md, Gaps), so the transport is a seam: ``CometChatWebSocket``
/// speaks the frames the Android SDK's source shows (an auth frame, then JSON text frames), and
/// another transport (a sidecar running CometChat's JavaScript SDK, say) can replace it.
public protocol CometChatRealtime: Sendable {
    /// Connects as `login.user`, authenticates, calls `opened` once the server accepted, then hands
    /// every event frame's text (or word of a binary frame) to `deliver` until the connection ends or the task is cancelled.
    func run(
        _ login: CometChatLogin, opened: @escaping @Sendable () async -> Void, deliver: @escaping @Sendable (CometChatInbound) async -> Void
    ) async -> CometChatRealtimeEnding
}
