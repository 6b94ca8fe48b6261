import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// An agent may echo a secret in any field, not only in texts: message ids, names, codes, queues.
@Suite("plugin host: secrets masked in every field")
struct EveryFieldMaskingTests {
    static let canary = "s3cr3t-canary"
    static let run = FlowRun(id: "t.flow.yaml", name: "Echo", path: "t.flow.yaml", location: FlowText.at(1, 1))

    static func agent(_ event: AgentEvent) -> PluginEvent {
        PluginEvent(time: .ms(1), flow: run, kind: .agentEvent(event, offset: .ms(1)))
    }

    @Test("the canary table has every case and every kind, and every string in it holds the canary")
    func tableIsWhole() {
        let events = CanaryEvents.all(Self.canary)
        #expect(Set(events.map(CanaryEvents.caseName)).count == CanaryEvents.caseCount)
        #expect(Set(events.flatMap(\.kinds)) == Set(EventKind.allCases))
        for event in events { #expect(CanaryEvents.gaps(in: event, canary: Self.canary).isEmpty, "\(event)") }
        for action in CanaryEvents.actions(Self.canary) {
            #expect(CanaryEvents.gaps(in: action, canary: Self.canary).isEmpty, "\(action)")
        }
        #expect(Set(CanaryEvents.actions(Self.canary).map(\.kind)) == Set(UserAction.Kind.allCases))
    }

    @Test("the redactor masks every string of every event and every action, ids and names included")
    func redactorMasksEveryField() {
        let redactor = Redactor(secrets: [Self.canary])
        let events = CanaryEvents.all(Self.canary).map(Self.agent)
            + CanaryEvents.actions(Self.canary).map { PluginEvent(time: .ms(1), flow: Self.run, kind: .userAction($0)) }
        for event in events {
            let masked = redactor.redact(event)
            let leaks = CanaryEvents.strings(in: masked.kind).filter { $0.text.contains(Self.canary) }
            #expect(leaks.isEmpty, "\(leaks.map(\.path))")
            #expect(!"\(masked)".contains(Self.canary))
            if case .agentEvent(let agentEvent, _) = masked.kind {
                #expect(!agentEvent.fields.compactText().contains(Self.canary))
            }
        }
        #expect(
            redactor.redact(Self.agent(.toolCallStart(id: "call-\(Self.canary)", name: "tool_\(Self.canary)"))).kind
                == .agentEvent(.toolCallStart(id: "call-***", name: "tool_***"), offset: .ms(1)))
    }

    @Test("through the plugin host, streams are joined by their own ids and come out with masked ones")
    func streamsJoinedThenMasked() async {
        let recorder = RecordingPlugin()
        let id = "msg-\(Self.canary)"
        // The secret is split across deltas of a message whose id holds it too.
        let parts = ["Your token is s3c", "r3t-can", "ary, keep it safe"]
        _ = await PluginHost.run(plugins: [recorder], secrets: SecretRegistry(secrets: [Self.canary])) { host in
            await host.publish(PluginEvent(time: .zero, flow: Self.run, kind: .flowStarted))
            for event in CanaryEvents.all(Self.canary) { await host.publish(Self.agent(event)) }
            await host.publish(Self.agent(.textStart(messageID: id)))
            for part in parts { await host.publish(Self.agent(.textDelta(messageID: id, delta: part))) }
            await host.publish(Self.agent(.textDelta(messageID: "other", delta: "unrelated")))
            await host.publish(Self.agent(.textEnd(messageID: id)))
            for part in [#"{"t": "s3cr"#, #"3t-canary"}"#] {
                await host.publish(Self.agent(.toolCallArgs(id: "call-\(Self.canary)", delta: part)))
            }
            await host.publish(Self.agent(.runFinished(runID: nil, outcome: .success)))
            return PluginEvents.emptySummary
        }
        let leaks = recorder.events.flatMap { CanaryEvents.strings(in: $0.kind) }.filter { $0.text.contains(Self.canary) }
        #expect(leaks.isEmpty, "\(leaks.map(\.path))")
        let deltas = recorder.events.compactMap { event -> (String, String)? in
            guard case .agentEvent(let agentEvent, _) = event.kind else { return nil }
            if case .textDelta(let id, let delta) = agentEvent { return (id, delta) }
            if case .toolCallArgs(let id, let delta) = agentEvent { return (id, delta) }
            return nil
        }
        #expect(deltas.filter { $0.0 == "msg-***" }.map(\.1).joined() == "delta ***" + "Your token is ***, keep it safe")
        #expect(deltas.filter { $0.0 == "call-***" }.map(\.1).joined() == #"{"a": "***"}{"t": "***"}"#)
        #expect(deltas.filter { $0.0 == "other" }.map(\.1) == ["unrelated"])
    }
}
