import Foundation
import Logging
import ParleyCore
import ParleyHTTP
import ParleyModel
import ParleyPolyAI
import ParleyServer
import ParleySimulator
import ParleyTesting

/// One PolyAI session of the connector made in this process, against a `PolyAIServer` in this
/// process on 127.0.0.1, both on one ``TestClock`` that only the test moves: real sockets, virtual
/// time. Frames in flight take no virtual time, so before each advance the test waits for what
/// says the last frame landed (an event, a line the server logged), then for the timer it expects
/// next (`advance(toSleeperAt:)`): a loaded machine slows the test down, never changes its outcome.
///
/// The agent is the resilience agent the CLI tests serve (`Fixtures/polyai`), with no think or
/// chunk time, so only the play's pauses and faults, and the connector's own timers, are on the
/// clock. The connector's jitter is 1 (a backoff of exactly 1 s, 2 s, …); its wall clock, which
/// judges token expiry, moves with the virtual one.
struct VirtualPolyAI: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let clock: TestClock
    let session: any AgentSession
    /// What the server logged, at debug level.
    let log: LogLines

    /// Far past any timer a test sets: the deadline of every read of the session's events.
    static let never = Duration.seconds(1_000_000)

    /// Runs `body` with a session; `options` are the server's, `change` edits the connector's
    /// settings (the agent `poly` of the fixtures' parley.yaml to begin with).
    static func with<Value: Sendable>(
        options: PolyAIServerOptions = PolyAIServerOptions(),
        _ change: @Sendable (inout PolyAISettings) -> Void = { _ in },
        _ body: @Sendable (VirtualPolyAI) async throws -> Value
    ) async throws -> Value {
        let clock = TestClock()
        let log = LogLines()
        var logger = Logger(label: "parley.test.polyai-server") { _ in log }
        logger.logLevel = .debug
        let server = PolyAIServer(script: try script(), clock: clock, logger: logger, options: options)
        return try await server.withListening { url in
            let base = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
            var settings = PolyAISettings(
                connectorToken: "demo-token", restURL: base + "/api/v1", websocketURL: "ws" + base.dropFirst("http".count) + "/ws")
            settings.host = "parley.example"
            settings.quiet = .milliseconds(200)
            change(&settings)
            let epoch = Date().timeIntervalSince1970
            return try await RunHTTPClient.with { httpClient in
                let connector = PolyAIConnector(
                    settings: settings, httpClient: httpClient,
                    wallClock: { epoch + clock.now.inSeconds }, jitter: { 1 })
                return try await connector.withSession(SessionRequest(sessionID: "v1", flowName: "virtual", clock: clock)) { session in
                    try await body(VirtualPolyAI(clock: clock, session: session, log: log))
                }
            }
        }
    }

    /// The resilience agent without its timing line: plays start the moment the message lands.
    static func script() throws -> AgentScript {
        let path = LivePolyAI.fixtures.appendingPathComponent("resilience.agent.yaml")
        let text = try String(contentsOf: path, encoding: .utf8)
        let timing = "timing: { think: 50ms, chunks: 2, chunk_delay: 20ms }\n"
        guard text.contains(timing) else { throw Failure(description: "resilience.agent.yaml's timing line changed: update \(#fileID)") }
        return try AgentScriptParser.parse(text: text.replacingOccurrences(of: timing, with: ""), path: path.path).get()
    }

    /// Events until one matches `stop` (included), or the session closes. The clock stands still
    /// meanwhile: what comes must come without it.
    func events(until stop: (AgentEvent) -> Bool) async throws -> [AgentEvent] {
        var seen: [AgentEvent] = []
        while let event = try await session.next(before: Self.never) {
            seen.append(event)
            if stop(event) { return seen }
        }
        return seen
    }

    /// The events already reported, without waiting.
    func reported() async throws -> [AgentEvent] {
        var seen: [AgentEvent] = []
        while let event = try await session.next(before: clock.now) { seen.append(event) }
        return seen
    }

    /// The reason the session failed; nil if it closed instead.
    func failure() async -> String? {
        do {
            while try await session.next(before: Self.never) != nil {}
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// How many heartbeats the server has received.
    var heartbeats: Int { log.count { $0.hasSuffix(": heartbeat") } }

    /// How many resends the server has recognised as such.
    var resends: Int { log.count { $0.contains("again (a resend): not echoed or played twice") } }

    /// The cursor each socket of each session opened from, as the server logged them.
    var cursors: [Substring: [Int]] {
        var cursors: [Substring: [Int]] = [:]
        for line in log.lines where line.contains(": socket opened from cursor ") {
            guard let session = line.split(separator: "session ").last?.split(separator: ":").first,
                let cursor = line.split(separator: " ").last.flatMap({ Int($0) })
            else { continue }
            cursors[session, default: []].append(cursor)
        }
        return cursors
    }
}
