import Foundation
import ParleyCore
import ParleyLog
import ParleyModel
import ParleyTesting
import Testing

/// The console's per-chunk lines (the debug timeline) never show a secret: not in a chunk's text,
/// not split across chunks, not in ids or names.
@Suite("log console: echoed secrets")
struct ConsoleSecretTests {
    static let canary = "s3cr3t-canary"

    @Test("at debug, every event and action with the secret in every field, and a secret split across chunks, print masked")
    func timelineMasked() async {
        let capture = ConsoleCapture()
        let log = capture.plugin(LogPlugin.Options(level: .debug, color: .never))
        let run = FlowRun(
            id: "t.flow.yaml", name: "Echo", path: "t.flow.yaml", location: SourceLocation(file: "t.flow.yaml", line: 1, column: 1))
        func at(_ kind: PluginEvent.Kind) -> PluginEvent { PluginEvent(time: .milliseconds(1), flow: run, kind: kind) }
        func agent(_ event: AgentEvent) -> PluginEvent { at(.agentEvent(event, offset: .milliseconds(1))) }
        let id = "msg-\(Self.canary)"
        let result = FlowResult(run: run, outcome: .passed, steps: [], started: .zero, duration: .seconds(1), eventCount: 1)
        _ = await PluginHost.run(plugins: [log], secrets: SecretRegistry(secrets: [Self.canary])) { host in
            await host.publish(at(.flowStarted))
            for action in CanaryEvents.actions(Self.canary) { await host.publish(at(.userAction(action))) }
            for event in CanaryEvents.all(Self.canary) { await host.publish(agent(event)) }
            // One character a chunk: no chunk holds more than a letter of the secret.
            for character in "Your token is \(Self.canary)!" {
                await host.publish(agent(.textDelta(messageID: id, delta: String(character))))
            }
            await host.publish(agent(.textEnd(messageID: id)))
            for part in ["tool s3cr3", "t-canar", "y"] { await host.publish(agent(.toolCallArgs(id: "call-\(Self.canary)", delta: part))) }
            await host.publish(at(.flowFinished(result)))
            return RunSummary(results: [result], startedAt: SampleRun.startedAt, duration: .seconds(1))
        }
        let text = capture.text
        #expect(!text.contains(Self.canary), "\(text)")
        // The pieces of the secret: a line holding one of them would hold part of the secret.
        #expect(!text.contains("s3cr3t") && !text.contains("canary"), "\(text)")
        #expect(text.contains(#"← text_delta { "message_id": "msg-***", "delta": "***" }"#), "\(text)")
        #expect(text.contains(#"← tool_call_start { "id": "call-***", "name": "tool_***" }"#), "\(text)")
        #expect(text.contains(#"← run_error { "message": "failed: ***", "code": "E_***" }"#), "\(text)")
    }
}
