import ParleyCometChat
import ParleyCore
import ParleyModel
import Testing

/// Where the client API and the socket are, from the settings and the app's settings.
@Suite("cometchat client API and socket addresses")
struct CometChatAddressTests {
    static func settings(_ raw: [String: JSONValue]) throws -> CometChatSettings {
        var all: [String: JSONValue] = ["app_id": "app1", "api_key": "k", "user": "u1", "agent": "bot"]
        for (key, value) in raw { all[key] = value }
        return try CometChatSettings(settings: all, duration: { _ in .seconds(5) })
    }

    @Test("the region's client host; rest_url's scheme, host and port under /v3.0; client_api_url over both")
    func clientAPI() throws {
        let region = try Self.settings(["region": "eu"])
        #expect(region.clientAPIBase == "https://app1.apiclient-eu.cometchat.io/v3.0")
        #expect(!region.plainSocket)
        let local = try Self.settings(["rest_url": "http://127.0.0.1:8767/v3"])
        #expect(local.clientAPIBase == "http://127.0.0.1:8767/v3.0")
        #expect(local.plainSocket)
        let proxy = try Self.settings(["rest_url": "https://proxy.example/cometchat/v3"])
        #expect(proxy.clientAPIBase == "https://proxy.example/v3.0")
        let given = try Self.settings(["rest_url": "http://127.0.0.1:8767/v3", "client_api_url": "https://client.example/v3.0/"])
        #expect(given.clientAPIBase == "https://client.example/v3.0")
        #expect(!given.plainSocket)
        #expect(throws: CometChatSettingsError.self) { try Self.settings(["region": "us", "client_api_url": "ws://x"]) }
    }

    @Test("the socket: CHAT_HOST_OVERRIDE, then CHAT_HOST_APP_SPECIFIC, then CHAT_HOST, with CHAT_WSS_PORT and no path")
    func socket() throws {
        let all = try JSONValue(
            parsing: #"{"CHAT_HOST_OVERRIDE":"o.example","CHAT_HOST_APP_SPECIFIC":"a.example","CHAT_HOST":"h.example","CHAT_WSS_PORT":"443"}"#)
        #expect(CometChatSocketAddress.url(settings: all, plain: false) == .success("wss://o.example:443"))
        let specific = try JSONValue(parsing: #"{"CHAT_HOST_OVERRIDE":"","CHAT_HOST_APP_SPECIFIC":"a.example","CHAT_HOST":"h.example","CHAT_WSS_PORT":443}"#)
        #expect(CometChatSocketAddress.url(settings: specific, plain: false) == .success("wss://a.example:443"))
        let loopback = try JSONValue(parsing: #"{"CHAT_HOST":"127.0.0.1","CHAT_WSS_PORT":"8767"}"#)
        #expect(CometChatSocketAddress.url(settings: loopback, plain: true) == .success("ws://127.0.0.1:8767"))
        guard case .failure(let noPort) = CometChatSocketAddress.url(settings: try JSONValue(parsing: #"{"CHAT_HOST":"h"}"#), plain: false) else {
            Issue.record("no port accepted")
            return
        }
        #expect(noPort.message.contains("CHAT_WSS_PORT"))
        guard case .failure(let noHost) = CometChatSocketAddress.url(settings: .object([]), plain: false) else {
            Issue.record("no host accepted")
            return
        }
        #expect(noHost.message.contains("CHAT_HOST"))
    }
}
