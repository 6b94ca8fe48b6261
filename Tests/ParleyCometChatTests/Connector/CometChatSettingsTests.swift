import ParleyCometChat
import ParleyModel
import Testing

@Suite("cometchat settings")
struct CometChatSettingsTests {
    static let base: [String: JSONValue] = ["app_id": "app1", "region": "eu", "api_key": "k", "user": "u1", "agent": "bot"]

    static func parse(_ settings: [String: JSONValue]) -> Result<CometChatSettings, CometChatSettingsError> {
        Result { () throws(CometChatSettingsError) in try CometChatSettings(settings: settings, duration: { _ in .seconds(5) }) }
    }

    @Test("a region names the REST host; the agent is the peer; defaults for the rest")
    func region() throws {
        let settings = try Self.parse(Self.base).get()
        #expect(settings.restURL == "https://app1.api-eu.cometchat.io/v3")
        #expect(settings.peer == .agent(uid: "bot"))
        #expect(settings.websocketURL == nil)
        #expect(settings.timeout == .seconds(30))
        #expect(settings.quiet == .seconds(1))
    }

    @Test("rest_url replaces the region; a group is the peer; durations read")
    func custom() throws {
        var raw = Self.base
        raw["region"] = nil
        raw["agent"] = nil
        raw["group"] = "g1"
        raw["rest_url"] = "http://127.0.0.1:8767/v3"
        raw["websocket_url"] = "ws://127.0.0.1:8767/ws"
        raw["timeout"] = "5s"
        let settings = try Self.parse(raw).get()
        #expect(settings.restURL == "http://127.0.0.1:8767/v3")
        #expect(settings.websocketURL == "ws://127.0.0.1:8767/ws")
        #expect(settings.peer == .group(guid: "g1"))
        #expect(settings.timeout == .seconds(5))
    }

    @Test("each wrong setting says which and why", arguments: [
        (["api_key": JSONValue.null], "`api_key` must be text"),
        (["user": ""], "`user` is empty"),
        (["region": "ap"], "`region` must be us, eu or in; got ap"),
        (["group": "g1"], "`agent` and `group` exclude each other"),
        (["websocket_url": "http://x"], "`websocket_url` must be a ws:// or wss:// address"),
        (["rest_url": "ftp://x"], "`rest_url` must be an http:// or https:// address"),
    ])
    func refusals(_ change: [String: JSONValue], _ message: String) {
        var raw = Self.base
        for (key, value) in change { raw[key] = value }
        guard case .failure(let error) = Self.parse(raw) else { Issue.record("accepted \(change)"); return }
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("no agent and no group, or no region and no rest_url, is refused")
    func missingPeerOrHost() {
        var raw = Self.base
        raw["agent"] = nil
        guard case .failure(let noPeer) = Self.parse(raw) else { Issue.record("accepted no peer"); return }
        #expect(noPeer.message.contains("`agent`") && noPeer.message.contains("`group`"))
        raw = Self.base
        raw["region"] = nil
        guard case .failure(let noHost) = Self.parse(raw) else { Issue.record("accepted no host"); return }
        #expect(noHost.message.contains("`region`"))
    }

    @Test("an api_key or user a header cannot carry is refused, naming the header and never the value")
    func headerBreakingValues() {
        for (setting, header) in [("api_key", "apikey"), ("user", "onBehalfOf")] {
            var raw = Self.base
            raw[setting] = "k3y-c4n4ry\r\nX-Evil: 1"
            guard case .failure(let error) = Self.parse(raw) else { Issue.record("accepted a line break in \(setting)"); continue }
            #expect(error.message.contains("`\(setting)` is sent as header \(header) and holds a line break"), "\(error.message)")
            #expect(!error.message.contains("c4n4ry"))
        }
    }
}
