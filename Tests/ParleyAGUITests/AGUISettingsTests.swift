import ParleyAGUI
import ParleyModel
import ParleyParser
import Testing

@Suite("agui settings")
struct AGUISettingsTests {
    static func parse(_ headers: [JSONMember]) -> Result<AGUISettings, AGUISettingsError> {
        Result { () throws(AGUISettingsError) in
            try AGUISettings(settings: ["url": "http://127.0.0.1:9/agent", "headers": .object(headers)], duration: DurationParser.parse)
        }
    }

    @Test("headers are sent as written")
    func headers() throws {
        let settings = try Self.parse([JSONMember("Authorization", "Bearer t0k\tx"), JSONMember("X-Count", 3)]).get()
        #expect(settings.headers.map(\.name) == ["Authorization", "X-Count"])
        #expect(settings.headers.map(\.value) == ["Bearer t0k\tx", "3"])
    }

    @Test("a header value with a line break or another control character is refused, naming the header, never the value")
    func headerBreakingValues() {
        for (bad, problem) in [("Bearer c4n4ry\n", "a line break"), ("Bearer c4n4ry\r\nX-Evil: 1", "a line break"), ("c4n4ry\u{0}", "a control character (U+0000)")] {
            guard case .failure(let error) = Self.parse([JSONMember("Authorization", .string(bad))]) else {
                Issue.record("accepted \(problem)")
                continue
            }
            #expect(error.message == "`headers.Authorization` is sent as header Authorization and holds \(problem), which a header cannot carry (the value is not shown)")
        }
    }
}
