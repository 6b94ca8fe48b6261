import ParleyModel
import ParleyParser
import ParleyPolyAI
import Testing

@Suite("polyai settings")
struct PolyAISettingsTests {
    func settings(_ members: [(String, JSONValue)]) throws(PolyAISettingsError) -> PolyAISettings {
        try PolyAISettings(
            settings: Dictionary(uniqueKeysWithValues: [("connector_token", JSONValue.string("tok"))] + members), duration: DurationParser.parse)
    }

    @Test("clusters name the SDK's URLs; us, uk and euw are the enum cases; us-1 is the default")
    func clusters() throws {
        #expect(try settings([]).restURL == "https://messaging.us-1.poly.ai/api/v1")
        #expect(try settings([("environment", "uk-1")]).websocketURL == "wss://messaging.uk-1.poly.ai/ws")
        #expect(try settings([("environment", "euw")]).restURL == "https://messaging.euw-1.poly.ai/api/v1")
        #expect(try settings([("environment", "dev")]).websocketURL == "wss://messaging.dev.poly.ai/ws")
        #expect(throws: PolyAISettingsError.self) { try settings([("environment", "Dev_1")]) }
        #expect(throws: PolyAISettingsError.self) { try settings([("environment", "-x")]) }
    }

    @Test("custom base URLs, at the top level or under environment, are used as given")
    func customURLs() throws {
        let top = try settings([("rest_url", "http://127.0.0.1:8766/api/v1"), ("websocket_url", "ws://127.0.0.1:8766/ws")])
        #expect(top.restURL == "http://127.0.0.1:8766/api/v1")
        #expect(top.websocketURL == "ws://127.0.0.1:8766/ws")
        let nested = try settings([
            ("environment", .object([JSONMember("rest_url", "http://h/api/v1"), JSONMember("websocket_url", "ws://h/ws")]))
        ])
        #expect(nested.websocketURL == "ws://h/ws")
        #expect(throws: PolyAISettingsError.self) { try settings([("rest_url", "http://h/api/v1")]) }
        #expect(throws: PolyAISettingsError.self) { try settings([("rest_url", "ftp://h"), ("websocket_url", "ws://h/ws")]) }
        #expect(throws: PolyAISettingsError.self) { try settings([("rest_url", "http://h"), ("websocket_url", "http://h/ws")]) }
    }

    @Test("the other settings and their defaults")
    func others() throws {
        let defaults = try settings([])
        #expect(defaults.streaming && defaults.heartbeat == .seconds(30) && defaults.maxReconnects == 10 && defaults.chunkJoining == .space)
        let set = try settings([
            ("host", "com.example.app"), ("streaming", false), ("heartbeat", "10s"), ("max_reconnects", 0), ("timeout", 5),
            ("chunk_joining", "concatenate"), ("quiet", "200ms"),
        ])
        #expect(set.host == "com.example.app" && !set.streaming && set.heartbeat == .seconds(10) && set.maxReconnects == 0)
        #expect(set.timeout == .seconds(5) && set.chunkJoining == .concatenate && set.quiet == .milliseconds(200))
        #expect(throws: PolyAISettingsError.self) { try settings([("chunk_joining", "spaces")]) }
        #expect(throws: PolyAISettingsError.self) { try settings([("max_reconnects", .number(1.5))]) }
        #expect(throws: PolyAISettingsError.self) { try settings([("heartbeat", "soon")]) }
        #expect(throws: PolyAISettingsError.self) { try PolyAISettings(settings: [:], duration: DurationParser.parse) }
    }

    @Test("a token or host a header cannot carry is refused, naming the header and never the value")
    func headerBreakingValues() {
        for (setting, header) in [("connector_token", "X-Token"), ("host", "X-Host")] {
            for bad in ["t0k-c4n4ry\nX-Evil: 1", "t0k-c4n4ry\r", "t0k-c4n4ry\u{7}"] {
                var raw: [String: JSONValue] = ["connector_token": "tok"]
                raw[setting] = .string(bad)
                #expect {
                    try PolyAISettings(settings: raw, duration: DurationParser.parse)
                } throws: { error in
                    let message = "\(error)"
                    return message.contains("`\(setting)` is sent as header \(header)") && !message.contains("c4n4ry")
                }
            }
        }
        #expect((try? settings([("host", "tab\tis fine")])) != nil)
    }
}
