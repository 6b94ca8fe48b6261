import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// A secret learned mid-run is masked from then on: agent events, user actions, failure messages,
/// plugin failures and the summary.
@Suite("plugin host: secret masking")
struct SecretMaskingTests {
    static let secret = "s3cr3t-canary"

    static func leaks(_ value: Any) -> Bool { "\(value)".contains(secret) }

    @Test("after registration, every kind of event and the summary are masked")
    func maskedAfterRegistration() async {
        let recorder = RecordingPlugin()
        let leaky = ProbePlugin(name: "leaky", failOn: 2)
        let run = FlowRun(id: "t.flow.yaml", name: "Token \(Self.secret)", path: "t.flow.yaml", location: FlowText.at(1, 1))
        let failure = StepFailure(message: #"expected reply "ok"; got reply "token \#(Self.secret)""#, cause: .timeout, location: FlowText.at(4))
        let step = StepResult(
            step: StepInfo(summary: "expect reply", location: FlowText.at(4), depth: 0), outcome: .failed(failure), started: .zero,
            duration: .seconds(1))
        let result = FlowResult(run: run, outcome: .failed(failure), steps: [step], started: .zero, duration: .seconds(1), eventCount: 1)
        let summary = await PluginHost.run(plugins: [recorder, leaky]) { host in
            host.secrets.add([Self.secret])
            await host.publish(PluginEvent(time: .zero, flow: run, kind: .flowStarted))
            await host.publish(PluginEvent(time: .zero, flow: run, kind: .userAction(.send(text: "my token is \(Self.secret)"))))
            await host.publish(
                PluginEvent(time: .ms(10), flow: run, kind: .agentEvent(Events.reply("your token is \(Self.secret)"), offset: .ms(10))))
            await host.publish(
                PluginEvent(
                    time: .ms(20), flow: run,
                    kind: .agentEvent(Events.toolCall("store", id: "c1", args: [JSONMember("token", .string(Self.secret))]), offset: .ms(20))))
            await host.publish(PluginEvent(time: .seconds(1), flow: run, kind: .stepFinished(step)))
            await host.publish(PluginEvent(time: .seconds(1), flow: run, kind: .log("using \(Self.secret)")))
            await host.publish(PluginEvent(time: .seconds(1), flow: run, kind: .flowFinished(result)))
            return RunSummary(results: [result], startedAt: Date(timeIntervalSince1970: 0), duration: .seconds(1))
        }
        #expect(recorder.events.count == 7)
        for event in recorder.events {
            #expect(!Self.leaks(event), "\(event.kind.name) leaks the secret")
        }
        #expect("\(recorder.events[2])".contains("your token is ***"))
        #expect(!Self.leaks(summary))
        #expect(!Self.leaks(recorder.summaries))
        if case .failed(let masked) = summary.results.first?.outcome {
            #expect(masked.message == #"expected reply "ok"; got reply "token ***""#)
        }
        #expect(summary.pluginFailures == ["leaky: disk full at event 2"])
    }

    @Test("a secret split across streamed deltas is in no delta, and the deltas still join to the masked text")
    func splitAcrossDeltas() async {
        let recorder = RecordingPlugin()
        let run = FlowRun(id: "t.flow.yaml", name: "Token", path: "t.flow.yaml", location: FlowText.at(1, 1))
        func agent(_ event: AgentEvent) -> PluginEvent { PluginEvent(time: .ms(1), flow: run, kind: .agentEvent(event, offset: .ms(1))) }
        let reply = "Your token is \(Self.secret), keep it safe"
        let parts = ["Your token is s3c", "r3t-can", "ary, keep it", " s", "afe"]
        #expect(parts.joined() == reply && !parts.contains { $0.contains(Self.secret) })
        _ = await PluginHost.run(plugins: [recorder], secrets: SecretRegistry(secrets: [Self.secret])) { host in
            await host.publish(PluginEvent(time: .zero, flow: run, kind: .flowStarted))
            for part in parts { await host.publish(agent(Events.delta(part))) }
            await host.publish(agent(.textEnd(messageID: "m1")))
            await host.publish(agent(Events.reply(reply)))
            // Tool call arguments stream the same way; a message cut off mid-secret is released when the run ends.
            for part in [#"{"token": "s3cr"#, #"3t-canary"}"#] { await host.publish(agent(.toolCallArgs(id: "c1", delta: part))) }
            await host.publish(agent(.toolCallEnd(id: "c1")))
            for part in ["bye s3cr", "3t-can"] { await host.publish(agent(Events.delta(part, id: "m2"))) }
            await host.publish(agent(.runFinished(runID: nil, outcome: .success)))
            return PluginEvents.emptySummary
        }
        let events = recorder.events.compactMap { event -> AgentEvent? in
            if case .agentEvent(let agentEvent, _) = event.kind { return agentEvent }
            return nil
        }
        #expect(!Self.leaks(recorder.events))
        func deltas(_ id: String) -> [String] {
            events.compactMap { event in
                if case .textDelta(id, let delta) = event { return delta }
                if case .toolCallArgs(id, let delta) = event { return delta }
                return nil
            }
        }
        #expect(deltas("m1").joined() == "Your token is ***, keep it safe")
        #expect(deltas("m1").count == parts.count, "held text goes out with the next delta, so no delta is added")
        #expect(deltas("c1").joined() == #"{"token": "***"}"#)
        #expect(deltas("m2").joined() == "bye s3cr3t-can", "a secret begun but never finished is not the secret")
        #expect(events.last == .runFinished(runID: nil, outcome: .success), "what was held goes out before the run's end")
        #expect(events.contains(Events.reply("Your token is ***, keep it safe")))
    }

    @Test("a plugin's failure message is masked too")
    func pluginFailureMasked() async {
        let failing = ProbePlugin(name: "webhook", failInFinish: "POST https://hooks.example/\(Self.secret) answered 500")
        let summary = await PluginHost.run(plugins: [failing], secrets: SecretRegistry(secrets: [Self.secret])) { _ in
            PluginEvents.emptySummary
        }
        #expect(summary.pluginFailures == ["webhook: POST https://hooks.example/*** answered 500"])
    }

    @Test("a secret spelled otherwise in a URL or a header, in a plugin's failure, is masked too")
    func pluginFailureSpelledOtherwise() async {
        let secret = "p@ss/w\u{F6}rd"
        let failing = ProbePlugin(
            name: "webhook",
            failInFinish: #"POST https://hooks.example/p%40ss%2Fw%C3%B6rd answered 500 (sent "Authorization: Bearer p@ss\/w\u00f6rd")"#)
        let summary = await PluginHost.run(plugins: [failing], secrets: SecretRegistry(secrets: [secret])) { _ in
            PluginEvents.emptySummary
        }
        #expect(summary.pluginFailures == [#"webhook: POST https://hooks.example/*** answered 500 (sent "Authorization: Bearer ***")"#])
    }

    @Test("a flow's secret is learned as the flow renders it, and masked in what plugins hear and in the summary")
    func learnedFromFlow() async throws {
        let echo = ScriptedConnector(ScriptedAgent.replying { said in "You said: \(said)" })
        let settings = FlowInterpreter.Settings(environment: { reference in
            if case .secret("TOKEN") = reference { return Self.secret }
            return nil
        })
        let (_, recorder, summary) = try await RunnerHarness.runFlow(
            """
            flow: Token
            steps:
              - send: "my token is ${secret.TOKEN}"
              - expect: { reply: { contains: approved }, within: 1s }
              - expect: { reply: "${secret.TOKEN}", within: 1s }
            """, connector: echo, clock: ManualClock(), settings: settings)
        #expect(echo.actions == [.send(text: "my token is \(Self.secret)")])
        #expect(!Self.leaks(recorder.events))
        #expect(!Self.leaks(summary))
        #expect(!Self.leaks(recorder.summaries))
        guard case .failed(let failure) = summary.results.first?.outcome else { Issue.record("expected a failure"); return }
        #expect(failure.message == #"expected reply containing "approved" within 1s; got reply "You said: my token is ***" (no "approved")"#)
    }

    @Test("a secret only in an expectation is masked in the failure that quotes its value")
    func secretInExpectation() async throws {
        let agent = ScriptedConnector(ScriptedAgent.replying { _ in "nope" })
        let settings = FlowInterpreter.Settings(environment: { reference in
            if case .secret("TOKEN") = reference { return Self.secret }
            return nil
        })
        let (_, recorder, summary) = try await RunnerHarness.runFlow(
            """
            flow: Token
            steps:
              - send: what is my token?
              - expect: { reply: "${secret.TOKEN}", within: 1s }
            """, connector: agent, clock: ManualClock(), settings: settings)
        #expect(!Self.leaks(recorder.events))
        #expect(!Self.leaks(summary))
        guard case .failed(let failure) = summary.results.first?.outcome else { Issue.record("expected a failure"); return }
        #expect(failure.message == #"expected reply "${secret.TOKEN}" within 1s; got reply "nope" (expected "***", got "nope")"#)
    }
}
