import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// `Connector.withSession`: the session's loops run beside the body and end with the scope.
@Suite("Session scope")
struct SessionScopeTests {
    @Test("the session's loops run while the body runs, and have ended, after the close, when the scope returns")
    func loopsEndWithTheScope() async throws {
        let session = LoopingSession()
        let connector = OneSession(session: session)
        let seen = try await connector.withSession(Self.request) { opened in
            await session.started.wait()
            return session.log
        }
        #expect(seen == ["run started"])
        // Closed first (while the loop still runs), then the loop was cancelled and awaited.
        #expect(session.log == ["run started", "closed", "run ended"])
    }

    @Test("a body that throws still closes the session and ends its loops, and its error comes out")
    func bodyThrows() async throws {
        let session = LoopingSession()
        await #expect(throws: ConnectorError.self) {
            try await OneSession(session: session).withSession(Self.request) { _ in
                await session.started.wait()
                throw ConnectorError("the body gave up")
            }
        }
        #expect(session.log == ["run started", "closed", "run ended"])
    }

    @Test("a session that cannot be opened throws, and the body never runs")
    func openFails() async throws {
        let ran = Flag()
        await #expect(throws: ConnectorError.self) {
            try await OneSession(session: nil).withSession(Self.request) { _ in ran.set() }
        }
        #expect(!ran.value)
    }

    @Test("a session whose loops end on their own leaves the body running")
    func loopsEndEarly() async throws {
        let session = LoopingSession(endsAfterStart: true)
        let value = try await OneSession(session: session).withSession(Self.request) { _ in
            await session.ended.wait()
            return 42
        }
        #expect(value == 42)
        #expect(session.log == ["run started", "run ended", "closed"])
    }

    static let request = SessionRequest(sessionID: "s1", flowName: "scope", clock: ManualClock())

    /// Opens the one session it was given, or fails when none.
    struct OneSession: Connector {
        let session: LoopingSession?
        var capabilities: ConnectorCapabilities { .all }

        func openSession(_ request: SessionRequest) async throws -> any AgentSession {
            guard let session else { throw ConnectorError("nobody answers") }
            return session
        }
    }

    /// A session whose `run()` waits until cancelled (or ends at once), logging what happened in order.
    final class LoopingSession: AgentSession, @unchecked Sendable {
        let agentSpeaksFirst = false
        let started = WakeSignal()
        let ended = WakeSignal()
        private let endsAfterStart: Bool
        private let lock = NSLock()
        private var entries: [String] = []

        init(endsAfterStart: Bool = false) {
            self.endsAfterStart = endsAfterStart
        }

        var log: [String] { lock.withLock { entries } }

        func run() async {
            note("run started")
            started.fire()
            if !endsAfterStart {
                // Waits for the scope's cancellation: a signal nobody fires returns only then.
                await WakeSignal().wait()
            }
            note("run ended")
            ended.fire()
        }

        func next(before deadline: Duration) async throws -> AgentEvent? { nil }
        func perform(_ action: UserAction) async throws {}
        func close() async { note("closed") }

        private func note(_ entry: String) { lock.withLock { entries.append(entry) } }
    }

    /// Set once.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var isSet = false
        var value: Bool { lock.withLock { isSet } }
        func set() { lock.withLock { isSet = true } }
    }
}
