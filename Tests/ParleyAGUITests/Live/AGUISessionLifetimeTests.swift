import AsyncHTTPClient
import Foundation
import ParleyAGUI
import ParleyCore
import ParleyHTTP
import ParleyModel
import ParleyServer
import ParleyTesting
import Testing

/// A session reads its answers on the event loop, with no task of its own: once it is closed,
/// nothing of it or of its runs may stay alive (a cycle between a run's reader and what it ends
/// with once kept every session of a `parley load` run, 340 MiB where 80 sufficed).
@Suite("agui session lifetime")
struct AGUISessionLifetimeTests {
    static let script = """
        agent: { id: bench, name: Bench }
        rules:
          - when: { text: ping }
            play:
              - run_started
              - reply: { text: "pong from the bench agent", chunks: 4 }
              - run_finished
        """

    @Test("a closed session, after runs that ended and one cut short by close, is freed")
    func closedSessionIsFreed() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bench.agent.yaml").path
        try Self.script.write(toFile: path, atomically: true, encoding: .utf8)
        let server = try AGUIServer(scriptPath: path)
        let freed = try await server.withListening { url in
            try await RunHTTPClient.with { client in try await Self.runAndClose(url: url, client: client) }
        }
        #expect(freed, "the session outlived its close: something of its runs still holds it")
    }

    /// Three runs read to their end and one cut short by `close`; whether the session was freed.
    private static func runAndClose(url: URL, client: HTTPClient) async throws -> Bool {
        let connector = AGUIConnector(settings: AGUISettings(url: url.absoluteString), httpClient: client)
        let clock = SystemClock()
        var session: (any AgentSession)? = try await connector.openSession(
            SessionRequest(sessionID: "lifetime", flowName: "lifetime", clock: clock))
        weak let watched = session as AnyObject?
        for _ in 1...3 {
            try await session?.perform(.send(text: "ping"))
            var finished = false
            while !finished, let event = try await session?.next(before: clock.now + .seconds(10)) {
                if case .runFinished = event { finished = true }
            }
            #expect(finished)
        }
        // One more run, closed before its answer is read.
        try await session?.perform(.send(text: "ping"))
        await session?.close()
        session = nil
        // The client lets go of a cancelled request's reader on its event loop, just after the
        // request's end is known: give it a moment. A leak never lets go.
        for _ in 0..<500 where watched != nil { try await Task.sleep(for: .milliseconds(10)) }
        return watched == nil
    }
}
