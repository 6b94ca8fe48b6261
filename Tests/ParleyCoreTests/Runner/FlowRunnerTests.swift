import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// `FlowRunner` over `ManualClock` and a scripted session: exact times, and faults that still report the flow.
@Suite("flow runner")
struct FlowRunnerTests {
    static let latencyFlow = """
        flow: Opening hours
        steps:
          - send: What are your hours?
          - expect:
              reply: { contains: Monday }
              latency: { first_token: { lt: 2s } }
        """

    /// Answers with the first token `firstToken` after the message.
    static func agent(firstToken: Duration) -> ScriptedConnector {
        ScriptedConnector(
            ScriptedAgent { _, _ in
                [
                    ScriptedAgent.at(.ms(100), Events.runStarted), ScriptedAgent.at(firstToken, Events.delta("Monday")),
                    ScriptedAgent.at(firstToken + .ms(300), Events.reply("Monday to Friday")),
                    ScriptedAgent.at(firstToken + .ms(400), Events.runFinished), ScriptedAgent.at(firstToken + .ms(450), Events.turnEnded),
                ]
            })
    }

    @Test("events arrive at exactly their scripted times, and a latency bound that holds passes")
    func exactTimes() async throws {
        let clock = ManualClock(start: .seconds(5))
        let connector = Self.agent(firstToken: .ms(1_500))
        let (result, recorder, _) = try await RunnerHarness.runFlow(Self.latencyFlow, connector: connector, clock: clock)
        #expect(result.outcome == .passed)
        #expect(result.duration == .ms(1_800))
        #expect(result.eventCount == 3)
        #expect(result.steps.map(\.duration) == [.zero, .ms(1_800)])
        let agentEvents = recorder.events.compactMap { event -> (Duration, Duration)? in
            if case .agentEvent(_, let offset) = event.kind { return (event.time, offset) }
            return nil
        }
        #expect(agentEvents.map(\.0) == [.ms(100), .ms(1_500), .ms(1_800)])
        #expect(agentEvents.map(\.1) == [.ms(100), .ms(1_500), .ms(1_800)])
        #expect(
            recorder.events.map(\.kind.name) == [
                "flowStarted", "stepStarted", "userAction", "stepFinished", "stepStarted", "agentEvent", "agentEvent", "agentEvent",
                "stepFinished", "flowFinished",
            ])
        #expect(connector.closeCount == 1)
    }

    @Test("a first token later than its bound fails the step by the clock, with the measured latency")
    func latencyBroken() async throws {
        let (result, _, _) = try await RunnerHarness.runFlow(
            Self.latencyFlow, connector: Self.agent(firstToken: .ms(2_500)), clock: ManualClock())
        #expect(
            result.outcome
                == .failed(
                    StepFailure(
                        message: "first_token latency 2.5s broke its bound (2.5 is not lt 2s)", cause: .mismatch, location: FlowText.at(4),
                        waited: .ms(2_800))))
    }

    @Test("an agent that never answers fails the expect at exactly its timeout")
    func timeoutByTheClock() async throws {
        let silent = ScriptedConnector(ScriptedAgent { _, _ in [] })
        let clock = ManualClock()
        let (result, _, _) = try await RunnerHarness.runFlow(
            """
            flow: Silence
            steps:
              - send: hello?
              - expect: { reply: {}, within: 3s }
              - send: anyone?
            """, connector: silent, clock: clock)
        guard case .failed(let failure) = result.outcome else { Issue.record("expected a failure, got \(result.outcome)"); return }
        #expect(failure.rendered == "t.flow.yaml:4:5: expected reply within 3s; nothing arrived")
        #expect(failure.waited == .seconds(3))
        #expect(clock.now == .seconds(3))
        #expect(result.steps.map(\.outcome.isPass) == [true, false, false])
    }

    @Test("a session that cannot open fails the flow with a readable reason, and flowFinished is still reported")
    func openFails() async throws {
        let connector = ScriptedConnector(ScriptedAgent { _, _ in [] }, openFailure: "connection refused by 127.0.0.1:9")
        let (result, recorder, _) = try await RunnerHarness.runFlow(Self.latencyFlow, connector: connector, clock: ManualClock())
        let failure = StepFailure(
            message: "could not open a session with the agent: connection refused by 127.0.0.1:9", cause: .transport,
            location: FlowText.at(1, 1))
        #expect(result.outcome == .failed(failure))
        #expect(failure.rendered == "t.flow.yaml:1:1: could not open a session with the agent: connection refused by 127.0.0.1:9")
        #expect(recorder.events.first?.kind == .flowStarted)
        #expect(recorder.finishedFlows == [result])
        // Every step still has an outcome: none ran.
        #expect(result.steps.map(\.outcome) == [.skipped, .skipped])
        #expect(recorder.events.map(\.kind.name) == ["flowStarted", "stepFinished", "stepFinished", "flowFinished"])
    }

    @Test("an open interrupted by Ctrl-C is reported skipped as interrupted, not as an agent failure")
    func openCancelled() async throws {
        let connector = CancellingConnector()
        let (result, recorder, _) = try await RunnerHarness.runFlow(Self.latencyFlow, connector: connector, clock: ManualClock())
        #expect(result.outcome == .skipped(reason: "interrupted"))
        #expect(recorder.finishedFlows == [result])
    }

    @Test("an action interrupted by Ctrl-C is reported skipped as interrupted, not as a transport failure")
    func performCancelled() async throws {
        let (result, recorder, _) = try await RunnerHarness.runFlow(
            Self.latencyFlow, connector: CancellingConnector(failOpen: false), clock: ManualClock())
        #expect(result.outcome == .skipped(reason: "interrupted"))
        #expect(recorder.finishedFlows == [result])
    }

    /// A connector whose open, or else whose every action, is interrupted.
    struct CancellingConnector: Connector, AgentSession {
        var failOpen = true
        var capabilities: ConnectorCapabilities { .all }
        var agentSpeaksFirst: Bool { false }

        func openSession(_ request: SessionRequest) async throws -> any AgentSession {
            if failOpen { throw CancellationError() }
            return self
        }

        func next(before deadline: Duration) async throws -> AgentEvent? { nil }
        func perform(_ action: UserAction) async throws { throw CancellationError() }
        func close() async {}
    }

    @Test("a session that fails mid-flow fails the step it hit, closes, and still reports flowFinished")
    func failsMidFlow() async throws {
        let connector = ScriptedConnector(
            ScriptedAgent { _, _ in
                [ScriptedAgent.at(.ms(100), Events.runStarted), ScriptedAgent.failing(at: .ms(400), "connection reset by peer")]
            })
        let (result, recorder, _) = try await RunnerHarness.runFlow(Self.latencyFlow, connector: connector, clock: ManualClock())
        #expect(
            result.outcome
                == .failed(StepFailure(message: "connection reset by peer", cause: .transport, location: FlowText.at(4), waited: .ms(400))))
        #expect(recorder.events.last?.kind.name == "flowFinished")
        #expect(recorder.finishedFlows.count == 1)
        #expect(connector.closeCount == 1)
    }

    @Test("an action the session cannot deliver fails the acting step")
    func performFails() async throws {
        let connector = ScriptedConnector(ScriptedAgent(performFailure: "POST /agent answered 502") { _, _ in [] })
        let (result, recorder, _) = try await RunnerHarness.runFlow(Self.latencyFlow, connector: connector, clock: ManualClock())
        #expect(
            result.outcome == .failed(StepFailure(message: "POST /agent answered 502", cause: .transport, location: FlowText.at(3))))
        #expect(result.steps.map(\.step.summary) == [#"send "What are your hours?""#, #"expect reply containing "Monday""#])
        #expect(result.steps.last?.outcome == .skipped)
        #expect(recorder.finishedFlows.count == 1)
        #expect(connector.closeCount == 1)
    }

    @Test("a greeting agent: the runner takes agentSpeaksFirst from the session")
    func greeting() async throws {
        let connector = ScriptedConnector(
            ScriptedAgent(
                greeting: [ScriptedAgent.at(.ms(700), Events.reply("Welcome!")), ScriptedAgent.at(.ms(800), Events.turnEnded)],
                agentSpeaksFirst: true
            ) { _, action in
                action == .send(text: "hi") ? [ScriptedAgent.at(.ms(20), Events.reply("Hello")), ScriptedAgent.at(.ms(30), Events.turnEnded)] : []
            })
        let clock = ManualClock()
        let (result, _, _) = try await RunnerHarness.runFlow(
            """
            flow: Greeting first
            steps:
              - send: hi
              - expect: { reply: Hello }
            """, connector: connector, clock: clock)
        #expect(result.outcome == .passed)
        #expect(connector.actions == [.send(text: "hi")])
        // The send waited for the greeting's turn to end at 800 ms; the answer came 20 ms later.
        #expect(clock.now == .ms(820))
    }

    @Test("a run cancelled mid-flow is reported skipped as interrupted, closes its session and reports flowFinished")
    func cancelled() async throws {
        let connector = ScriptedConnector(
            ScriptedAgent { _, _ in
                withUnsafeCurrentTask { $0?.cancel() }
                return [ScriptedAgent.at(.ms(100), Events.reply("Monday"))]
            })
        // Its own task, so the cancellation stays there (as Ctrl-C cancels the suite's task).
        let (result, recorder, _) = try await Task {
            try await RunnerHarness.runFlow(Self.latencyFlow, connector: connector, clock: ManualClock())
        }.value
        #expect(result.outcome == .skipped(reason: "interrupted"))
        #expect(recorder.finishedFlows == [result])
        #expect(connector.closeCount == 1)
    }
}
