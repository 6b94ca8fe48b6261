import ParleyModel

/// The realtime socket's address from the app's settings, as the SDK makes it
/// (protocols/cometchat-sdk.md §1.4): `CHAT_HOST_OVERRIDE ?? CHAT_HOST_APP_SPECIFIC ?? CHAT_HOST`,
/// then `:CHAT_WSS_PORT`, no path; `wss://`, or `ws://` when the client API is plain http.
public enum CometChatSocketAddress {
    /// The URL, or why the settings give none (naming the keys that are missing).
    public static func url(settings: JSONValue, plain: Bool) -> Result<String, CometChatSettingsError> {
        let host = ["CHAT_HOST_OVERRIDE", "CHAT_HOST_APP_SPECIFIC", "CHAT_HOST"].lazy.compactMap { text(settings[$0]) }.first
        guard let host else {
            let keys = "CHAT_HOST_OVERRIDE, CHAT_HOST_APP_SPECIFIC or CHAT_HOST"
            return .failure(CometChatSettingsError("the app's settings name no socket host (\(keys))"))
        }
        guard let port = text(settings["CHAT_WSS_PORT"]) else {
            return .failure(CometChatSettingsError("the app's settings name no socket port (CHAT_WSS_PORT)"))
        }
        guard Int(port).map({ (1...65535).contains($0) }) == true else {
            return .failure(CometChatSettingsError("the app's settings name a socket port that is not a port number: CHAT_WSS_PORT \(port)"))
        }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return .success((plain ? "ws://" : "wss://") + shownHost + ":" + port)
    }

    /// A setting as text: a non-empty string, or a whole number (ports come either way).
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text.isEmpty ? nil : text
        case .number(let number)?: return Int(exactly: number).map(String.init)
        case nil, .null?, .bool?, .array?, .object?: return nil
        }
    }
}
