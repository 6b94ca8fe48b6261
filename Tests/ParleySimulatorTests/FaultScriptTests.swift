import ParleyCore
import ParleyModel
import ParleyParser
import ParleySimulator
import ParleyTesting
import Testing

/// `fault:` in a play: every form reads, every mistake is reported at its place, and in-process
/// only `drop_connection` acts.
@Suite("agent script faults")
struct FaultScriptTests {
    /// The messages of parsing a script whose one rule plays `faults` (each a YAML flow item).
    func messages(_ faults: [String]) -> [String] {
        let play = faults.map { "      - fault: \($0)" }.joined(separator: "\n")
        return Support.parse("rules:\n  - when: { text: hi }\n    play:\n\(play)\n").diagnostics.map {
            "\($0.location.line):\($0.location.column): \($0.message)"
        }
    }

    @Test("bare faults, close with a code or a code and reason, and delay_echo with a duration")
    func forms() {
        let script = Support.script(
            """
            rules:
              - when: { text: hi }
                play:
                  - fault: drop_connection
                  - fault: duplicate_next
                  - fault: reorder_next
                  - fault: malformed_frame
                  - fault: binary_frame
                  - fault: { close: 1000 }
                  - fault: { close: { code: 4001, reason: session unknown } }
                  - fault: { close: { code: 4002 } }
                  - fault: { delay_echo: 4s }
                  - fault: { outage: 1m }
            """)
        guard case .play(let steps) = script.rules.first?.body else {
            Issue.record("no play")
            return
        }
        #expect(
            steps.map(\.kind) == [
                .fault(.dropConnection), .fault(.duplicateNext), .fault(.reorderNext), .fault(.malformedFrame), .fault(.binaryFrame),
                .fault(.close(code: 1000, reason: nil)), .fault(.close(code: 4001, reason: "session unknown")),
                .fault(.close(code: 4002, reason: nil)), .fault(.delayEcho(.seconds(4))), .fault(.outage(.seconds(60))),
            ])
        #expect(ScriptFault.close(code: 4001, reason: nil).name == "close")
    }

    @Test("every mistake in a fault is reported at its place")
    func mistakes() {
        #expect(
            messages([
                "close", "delay_echo", "{ close: 1006 }", "{ close: 1005 }", "{ close: 2000 }", "{ close: 999 }", "{ close: { reason: x } }",
                "{ close: { code: 4001, reson: x } }", "{ delay_echo: soon }", "{ drop_connection: 1 }", "{ clos: 4001 }",
                "{ close: 4001, delay_echo: 1s }", "[close]", "{ close: { code: 4001, reason: \(String(repeating: "x", count: 124)) } }", "outage",
            ])
                == [
                    "4:16: fault 'close' needs a code: 'fault: { close: 4001 }' or 'fault: { close: { code: 4001, reason: … } }'",
                    "5:16: fault 'delay_echo' needs a duration: 'fault: { delay_echo: 4s }'",
                    "6:25: close code 1006 is never sent: a client reports it when the connection ends without a close frame; use 'fault: drop_connection'",
                    "7:25: close code 1005 is reserved and never sent in a close frame (RFC 6455 7.4.1)",
                    "8:25: close code 2000 is not one a server may send: use 1000-1003, 1007-1014 or 3000-4999",
                    "9:25: expected a close code (a whole number of at least 1000), got a number",
                    "10:25: 'close' needs 'code'",
                    "11:39: unknown key 'reson' in 'close'; did you mean 'reason'?",
                    "12:30: expected a duration like 5s, 250ms or 2m, got 'soon'",
                    "13:18: fault 'drop_connection' takes no value: write 'fault: drop_connection'",
                    "14:18: unknown fault 'clos' (expected one of drop_connection, duplicate_next, reorder_next, malformed_frame, binary_frame, close, delay_echo, outage); did you mean 'close'?",
                    "15:31: one fault per 'fault:': found 'close' and 'delay_echo'; start a new '- fault:' for each",
                    "16:16: expected a fault, like 'drop_connection' or { close: 4001 }, got a list",
                    "17:47: a close reason is at most 123 bytes (a close frame carries 125 with its code); this one has 124",
                    "18:16: fault 'outage' needs a duration: 'fault: { outage: 4s }'",
                ])
    }

    @Test("in-process the WebSocket faults do nothing: the play's events arrive as if they were not there")
    func inProcess() async throws {
        let script = Support.script(
            """
            rules:
              - when: { text: hi }
                play: [fault: { delay_echo: 2s }, fault: binary_frame, reply: Hello, fault: { close: 4001 }, fault: { outage: 1m }, reply: Still here]
            """)
        let clock = ManualClock()
        let session = try await SimulatorConnector(script: script).openSession(SessionRequest(sessionID: "s-1", flowName: "test", clock: clock))
        try await session.perform(.send(text: "hi"))
        var replies: [String] = []
        while let event = try await session.next(before: clock.now + .seconds(5)) {
            if case .reply(let reply) = event { replies.append(reply.text) }
            if event == .turnEnded { break }
        }
        #expect(replies == ["Hello", "Still here"])
        #expect(clock.now < .seconds(1))
    }
}
