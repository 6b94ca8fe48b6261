import MyBotConnector
import Parley
import Testing

/// Reading a `mybot` agent's rendered settings: what is refused, and for which key (the key
/// places the error in parley.yaml).
@Suite struct BotSettingsTests {
    static func read(_ settings: [String: JSONValue]) throws(BotSettingsError) -> BotSettings {
        try BotSettings(settings, duration: DurationParser.parse)
    }

    @Test func readsUrlTokenAndTimeout() throws {
        let settings = try Self.read(["url": "http://127.0.0.1:8080/", "token": "abc", "timeout": "2s"])
        #expect(settings.url == "http://127.0.0.1:8080")
        #expect(settings.token == "abc")
        #expect(settings.timeout == .seconds(2))
        #expect(try Self.read(["url": "https://bot.example"]).timeout == .seconds(10))
    }

    @Test func aUrlThatIsNotHTTPIsRefusedAtUrl() {
        let error = #expect(throws: BotSettingsError.self) { try Self.read(["url": "ftp://bot.example"]) }
        #expect(error?.key == "url")
        #expect(error?.message == "`url` must be an http:// or https:// address, got \"ftp://bot.example\"")
    }

    @Test func aTokenAHeaderCannotCarryIsRefusedWithoutItsValue() {
        let error = #expect(throws: BotSettingsError.self) { try Self.read(["url": "http://b.example", "token": "sec\nret"]) }
        #expect(error?.key == "token")
        #expect(error?.message.contains("X-Bot-Token") == true)
        #expect(error?.message.contains("sec") == false)
    }

    @Test func aTimeoutThatIsNotADurationIsRefusedAtTimeout() {
        let error = #expect(throws: BotSettingsError.self) { try Self.read(["url": "http://b.example", "timeout": "soon"]) }
        #expect(error?.key == "timeout")
        #expect(error?.message == "`timeout` must be a duration like 10s, got \"soon\"")
    }
}
