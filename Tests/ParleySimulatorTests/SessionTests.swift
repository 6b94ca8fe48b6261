import ParleyCore
import ParleyModel
import ParleySimulator
import ParleyTesting
import Testing

/// The session over a manual clock: events fall due at exact times, and waiting costs nothing.
@Suite("simulator session")
struct SessionTests {
    /// Opens a session of `script` on a fresh manual clock.
    func open(_ script: AgentScript = Support.demo, at start: Duration = .zero) async throws -> (any AgentSession, ManualClock) {
        let clock = ManualClock(start: start)
        let session = try await SimulatorConnector(script: script).openSession(
            SessionRequest(sessionID: "s-1", flowName: "test", clock: clock))
        return (session, clock)
    }

    /// Every event until `turn_ended`, with the clock reading when it arrived, in milliseconds.
    func turn(_ session: any AgentSession, _ clock: ManualClock, within: Duration = .seconds(60)) async throws -> [(Int64, AgentEvent)] {
        var events: [(Int64, AgentEvent)] = []
        let deadline = clock.now + within
        while let event = try await session.next(before: deadline) {
            events.append((clock.now.milliseconds, event))
            if event == .turnEnded { break }
        }
        return events
    }

    @Test("the greeting is due when the session opens, its chunks chunk_delay apart")
    func greeting() async throws {
        let (session, clock) = try await open(at: .seconds(5))
        #expect(session.agentSpeaksFirst)
        let events = try await turn(session, clock)
        let deltas = events.filter { if case .textDelta = $0.1 { true } else { false } }.map(\.0)
        #expect(deltas == [5000, 5030, 5060, 5090])
        #expect(events.first?.1 == .runStarted(runID: "run-1", threadID: "s-1"))
        #expect(events.last.map { [$0.0] } == [5090])
    }

    @Test("a play starts after the think time; tool call and card at once, reply chunks 40ms apart")
    func orderTimings() async throws {
        let (session, clock) = try await open()
        _ = try await turn(session, clock)
        clock.advance(by: .seconds(1))  // the user reads the greeting
        try await session.perform(.send(text: "Where is my order A-1042?"))
        let events = try await turn(session, clock)
        #expect(events.first.map { $0.0 } == 1210)
        let deltas = events.filter { if case .textDelta = $0.1 { true } else { false } }.map(\.0)
        #expect(deltas == [1210, 1250, 1290, 1330, 1370])
        #expect(events.last.map { $0.0 } == 1370)
    }

    @Test("pauses in a play are kept: the handoff ladder waits 400ms between its stages")
    func pauses() async throws {
        let (session, clock) = try await open()
        _ = try await turn(session, clock)
        try await session.perform(.send(text: "I want to talk to a person"))
        let events = try await turn(session, clock)
        let stages = events.compactMap { time, event in if case .handoff(let handoff) = event { (time, handoff.stage) } else { nil } }
        #expect(stages.map(\.0) == [270, 270, 270, 670, 1070])
        #expect(events.last.map { $0.0 } == 1430)
    }

    @Test("next returns nil once the clock reaches the deadline, and the clock stands at the deadline")
    func deadline() async throws {
        let (session, clock) = try await open()
        _ = try await turn(session, clock)
        let event = try await session.next(before: clock.now + .seconds(2))
        #expect(event == nil)
        #expect(clock.now == .milliseconds(2090))
    }

    @Test("a deadline inside a play cuts the wait; the rest arrives later")
    func deadlineInsidePlay() async throws {
        let (session, clock) = try await open()
        _ = try await turn(session, clock)
        try await session.perform(.send(text: "simulate: slow reply"))
        #expect(try await session.next(before: clock.now + .seconds(1)) == .runStarted(runID: "run-2", threadID: "s-1"))
        #expect(try await session.next(before: .seconds(5)) == nil)
        #expect(clock.now == .seconds(5))
        #expect(try await session.next(before: .seconds(60)) == .textStart(messageID: "msg-2"))
        #expect(clock.now == .milliseconds(90 + 120 + 12_000))
    }

    @Test("an action sent while a play runs queues after it, like a person typing ahead")
    func typingAhead() async throws {
        let (session, clock) = try await open()
        try await session.perform(.send(text: "What are your opening hours?"))
        try await session.perform(.send(text: "What are your opening hours?"))
        let greeting = try await turn(session, clock)
        let first = try await turn(session, clock)
        let second = try await turn(session, clock)
        #expect(greeting.last.map { $0.0 } == 90)
        #expect(first.first.map { $0.0 } == 210)
        #expect(first.last.map { $0.0 } == 270)
        #expect(second.first.map { $0.0 } == 390)
    }

    @Test("a scripted drop_connection fails next with a ConnectorError after the cut stream")
    func dropConnection() async throws {
        let (session, clock) = try await open()
        _ = try await turn(session, clock)
        try await session.perform(.send(text: "simulate: dropped stream"))
        var kinds: [String] = []
        await #expect(throws: ConnectorError("the simulator dropped the connection (scripted fault)")) {
            while let event = try await session.next(before: clock.now + .seconds(5)) { kinds.append(event.kinds.first?.rawValue ?? "") }
        }
        #expect(kinds == ["run_started", "text_start", "text_delta", "text_delta"])
        await #expect(throws: ConnectorError.self) { try await session.perform(.send(text: "hello")) }
    }

    @Test("without a greeting the user speaks first; after close next returns nil")
    func noGreetingAndClose() async throws {
        let (session, clock) = try await open(Support.script("rules: [{ when: { text: hi }, play: [reply: Hello] }]"))
        #expect(!session.agentSpeaksFirst)
        try await session.perform(.send(text: "hi"))
        await session.close()
        #expect(try await session.next(before: clock.now + .seconds(1)) == nil)
        await session.close()
    }

    @Test("an action made while next sleeps wakes it: only the action can, the clock never moves", .timeLimit(.minutes(1)))
    func wakesOnAction() async throws {
        let clock = StoppedClock()
        let session = try await SimulatorConnector(script: Support.script("rules: [{ when: { text: hi }, play: [reply: Hello] }]"))
            .openSession(SessionRequest(sessionID: "s-2", flowName: "test", clock: clock))
        async let event = session.next(before: .seconds(30))
        try await session.perform(.send(text: "hi"))
        #expect(try await event == .textStart(messageID: "msg-1"))
    }
}

/// A clock that reads zero for ever: a sleeper waits until it is cancelled, so whatever wakes
/// `next` early is the session itself, not time.
private struct StoppedClock: MonotonicClock {
    var now: Duration { .zero }

    func sleep(until deadline: Duration) async throws {
        guard deadline > .zero else { return }
        try await Task.sleep(for: .seconds(3600))
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
