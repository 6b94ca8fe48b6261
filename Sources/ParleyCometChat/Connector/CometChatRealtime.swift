/// How the connector hears CometChat in real time: streamed run events, messages, interaction
/// receipts. ``CometChatWebSocket`` speaks the frames CometChat's SDKs send and read
/// (protocols/cometchat-sdk.md: the auth frame with the JWT, JSON text frames, the keep-alive);
/// another transport (a sidecar running CometChat's JavaScript SDK, say) can replace it. One run
/// is one socket: the connector reconnects by calling `run` again.
public protocol CometChatRealtime: Sendable {
    /// Connects as `login.user`, authenticates, calls `opened` once the server accepted (frames
    /// wait until it returns), then hands every event frame's text (or word of a binary frame) to
    /// `deliver`, keeping the socket alive, until the connection ends or the task is cancelled.
    func run(
        _ login: CometChatLogin, opened: @escaping @Sendable () async -> Void, deliver: @escaping @Sendable (CometChatInbound) async -> Void
    ) async -> CometChatRealtimeEnding
}
