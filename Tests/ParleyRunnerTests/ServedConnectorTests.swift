import AsyncHTTPClient
import Foundation
import ParleyCore
@testable import ParleyRunner
import Testing

/// A served agent (`serve:` in parley.yaml) stops after the client that reaches it: a stopping
/// server waits for its open connections, and an idle keep-alive one of a client still open kept
/// `parley run Flows` alive for up to the client's 60 s idle timeout after its last flow.
@Suite("served agents: stopping")
struct ServedConnectorTests {
    @Test("the served agent's HTTP client is shut down before its server is told to stop")
    func clientShutBeforeServerStops() async throws {
        let seen = Seen()
        let connector = ServedConnector(
            capabilities: .all,
            serve: { onListening in
                await onListening(URL(string: "http://127.0.0.1:9/")!)
                // Serves until cancelled, then finds the client as a stopping server would.
                try? await Task.sleep(for: .seconds(3600))
                seen.note(stoppedWithClientShut: await seen.clientIsShut())
            },
            connect: { _, client in
                seen.keep(client)
                return RefusingConnector()
            })
        await #expect(throws: ConnectorError.self) { _ = try await connector.openSession(SessionRequest(sessionID: "s", flowName: "f", clock: SystemClock())) }
        #expect(seen.hasClient, "the connector was made with the served agent's own client")
        await connector.shutdown()
        #expect(seen.stoppedWithClientShut == true)
    }

    /// Makes no sessions: the test is about starting and stopping.
    struct RefusingConnector: Connector {
        var capabilities: ConnectorCapabilities { .all }
        func openSession(_ request: SessionRequest) async throws -> any AgentSession { throw ConnectorError("no sessions here") }
    }

    /// What the served agent saw, across its tasks.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var client: HTTPClient?
        private var stopped: Bool?

        var hasClient: Bool { lock.withLock { client != nil } }
        var stoppedWithClientShut: Bool? { lock.withLock { stopped } }

        func keep(_ client: HTTPClient) { lock.withLock { self.client = client } }
        func note(stoppedWithClientShut shut: Bool) { lock.withLock { stopped = shut } }

        /// Whether the kept client was shut down already: shutting it again says so.
        func clientIsShut() async -> Bool {
            guard let client = lock.withLock({ client }) else { return false }
            do {
                try await client.shutdown()
                return false
            } catch {
                return (error as? HTTPClientError) == .alreadyShutdown
            }
        }
    }
}
