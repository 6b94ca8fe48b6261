import ParleyLog
import ParleyModel
import Testing

@Suite("log options")
struct LogOptionsTests {
    @Test("an empty entry means info, auto colour and progress")
    func defaults() throws {
        let options = try LogPlugin.Options.parse([:])
        #expect(options == LogPlugin.Options(level: .info, color: .auto, progress: true))
    }

    @Test("every setting is read")
    func everySetting() throws {
        let options = try LogPlugin.Options.parse(["level": "debug", "color": "never", "progress": false])
        #expect(options == LogPlugin.Options(level: .debug, color: .never, progress: false))
        #expect(try LogPlugin.Options.parse(["progress": "false"]).progress == false)
    }

    @Test("wrong values are named with what was allowed", arguments: [
        (["level": "loud"], #"log: level must be one of error, warning, info, debug; got "loud""#),
        (["level": 3], "log: level must be one of error, warning, info, debug; got 3"),
        (["color": "sometimes"], #"log: color must be one of auto, always, never; got "sometimes""#),
        (["progress": "yes"], #"log: progress must be true or false; got "yes""#),
        (["lvl": "info"], #"log: unknown setting "lvl"; expected one of level, color, progress"#),
    ] as [([String: JSONValue], String)])
    func wrongValues(settings: [String: JSONValue], message: String) {
        #expect {
            _ = try LogPlugin.Options.parse(settings)
        } throws: { error in
            String(describing: error) == message && (error as? LogPluginError)?.errorDescription == message
        }
    }

    @Test("levels order from quiet to chatty, and auto colour follows the terminal")
    func ordering() {
        #expect(LogPlugin.Level.error < .warning && LogPlugin.Level.warning < .info && LogPlugin.Level.info < .debug)
        #expect(LogPlugin.ColorMode.auto.resolved(isTerminal: true))
        #expect(!LogPlugin.ColorMode.auto.resolved(isTerminal: false))
        #expect(LogPlugin.ColorMode.always.resolved(isTerminal: false))
        #expect(!LogPlugin.ColorMode.never.resolved(isTerminal: true))
    }
}
