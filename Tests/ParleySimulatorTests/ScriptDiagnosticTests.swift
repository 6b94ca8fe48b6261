import ParleyModel
import ParleyParser
import ParleySimulator
import Testing

/// Malformed scripts: every problem at file:line:column, with a code frame and a did-you-mean.
@Suite("agent script diagnostics")
struct ScriptDiagnosticTests {
    /// The messages (without code frames) that parsing `text` reports, as `line:column: message`.
    func messages(_ text: String) -> [String] {
        Support.parse(text).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    @Test("an unknown top-level key renders with its code frame and a suggestion")
    func unknownKey() {
        let result = Support.parse("agent: { name: Bad }\nrulez: []\n")
        #expect(result.script == nil)
        #expect(
            result.rendered() == """
                test.agent.yaml:2:1: error: unknown key 'rulez' in the agent script; did you mean 'rules'?
                    rulez: []
                    ^
                """)
    }

    @Test("an unknown play event and a wrong type render at the event and the value")
    func playEvents() {
        let result = Support.parse(
            """
            rules:
              - when: { text: hi }
                play:
                  - replay: Hi
                  - pause: soon
            """)
        #expect(
            result.rendered() == """
                test.agent.yaml:4:9: error: unknown play event 'replay'; did you mean 'reply'?
                          - replay: Hi
                            ^

                test.agent.yaml:5:16: error: expected a duration like 5s, 250ms or 2m, got 'soon'
                          - pause: soon
                                   ^
                """)
    }

    @Test("a bad regex and an unknown table point at their values")
    func regexAndTable() {
        let result = Support.parse(
            """
            tables: { orders: { A-1: { status: shipped } } }
            rules:
              - when: { text: '(unclosed' }
                play: [reply: Hi]
              - when: { text: 'order (\\w+)' }
                lookup: { table: order, key: "${1}", as: row }
                play: [reply: "${row.status}"]
            """)
        #expect(
            result.rendered() == """
                test.agent.yaml:3:19: error: invalid regular expression '(unclosed'
                      - when: { text: '(unclosed' }
                                      ^

                test.agent.yaml:6:22: error: unknown table 'order' (tables: orders); did you mean 'orders'?
                        lookup: { table: order, key: "${1}", as: row }
                                         ^
                """)
    }

    @Test("references are checked against the rule's groups, trigger data and lookup fields; carets point at the '$'")
    func references() {
        let result = Support.parse(
            """
            tables: { orders: { A-1: { status: shipped } } }
            greeting: "Hi ${name}"
            rules:
              - when: { text: 'order (\\w+)' }
                lookup: { table: orders, key: "${1}", as: row }
                play: [reply: "${2}, ${row.stauts}, ${values.x}, ${mem.x}"]
            """)
        #expect(
            result.rendered() == """
                test.agent.yaml:2:15: error: unknown reference '${name}' (the greeting can use memory)
                    greeting: "Hi ${name}"
                                  ^

                test.agent.yaml:6:20: error: '${2}': the rule's text pattern has only 1 group
                        play: [reply: "${2}, ${row.stauts}, ${values.x}, ${mem.x}"]
                                       ^

                test.agent.yaml:6:26: error: '${row.stauts}': rows of table 'orders' have no field 'stauts'; did you mean 'status'?
                        play: [reply: "${2}, ${row.stauts}, ${values.x}, ${mem.x}"]
                                             ^

                test.agent.yaml:6:41: error: '${values.x}' needs a 'submit' trigger in this rule's 'when'
                        play: [reply: "${2}, ${row.stauts}, ${values.x}, ${mem.x}"]
                                                            ^

                test.agent.yaml:6:54: error: unknown reference '${mem.x}' (this rule can use 0, 1, row, memory)
                        play: [reply: "${2}, ${row.stauts}, ${values.x}, ${mem.x}"]
                                                                         ^
                """)
    }

    @Test("triggers: misspelled, two in one entry, a qualifier in the wrong place, a missing play")
    func triggers() {
        #expect(
            messages(
                """
                rules:
                  - when: { txt: hello }
                    play: [reply: Hi]
                  - when: { tap: Yes, click: ok }
                    play: [reply: Hi]
                  - when: { text: hi, card: c1 }
                    play: [reply: Hi]
                  - when: { resume: approved }
                  - when: { end: false }
                    play: [reply: Hi]
                """) == [
                    "2:13: unknown key 'txt' in 'when'; did you mean 'text'?",
                    "4:23: one trigger per 'when' entry: found 'tap' and 'click'; write a list of entries to match either",
                    "6:23: 'card' goes with a 'click' trigger, not 'text'",
                    "8:5: a rule needs 'play' (or 'cycle')",
                    "8:21: unknown decision 'approved' (expected one of approve, deny); did you mean 'approve'?",
                    "9:18: 'end: false' never matches; write 'end: true'",
                ])
    }

    @Test("play events: values missing or misshapen, two in one item, unknown tools and ids")
    func events() {
        #expect(
            messages(
                """
                tools: { lookup_order: { side: backend }, confirm: { side: frontend } }
                rules:
                  - id: a
                    when: { text: hi }
                    play:
                      - reply
                      - { reply: a, typing: { who: agent, state: started } }
                      - tool_call: { name: lookup_ordr }
                      - tool_call: { name: confirm, result: { ok: true } }
                      - goal_completed: contact_frm
                      - handoff: { stage: joined }
                      - reply: { text: abc, chunks: [a, b] }
                  - id: a
                    when: { submit: contact_form }
                    play: [fault: drop_conection]
                """) == [
                    "6:9: event 'reply' needs a value, like '- reply: …'",
                    "7:21: one event per list item: found 'reply' and 'typing'; start a new '- ' for each",
                    "8:28: unknown tool 'lookup_ordr' (declare it under 'tools:'); did you mean 'lookup_order'?",
                    "9:45: a frontend tool's result comes from the client ('respond_tool' in a flow); remove 'result' here",
                    "10:9: 'goal_completed: contact_frm': no 'interactive' message has id 'contact_frm'",
                    "11:27: unknown handoff stage 'joined' (expected one of started, accepted, queued, live_agent_joined, live_agent_left, failed, timed_out, client_handoff_required)",
                    "12:37: the chunks join to \"ab\", not the reply's text \"abc\"",
                    "13:5: duplicate rule id 'a' (first used at line 3)",
                    "14:11: no 'interactive' form has id 'contact_form' (the script sends no form)",
                    "15:19: unknown fault 'drop_conection' (expected one of drop_connection, duplicate_next, reorder_next, malformed_frame, binary_frame, close, delay_echo, outage); did you mean 'drop_connection'?",
                ])
    }

    @Test("a state_delta operation with a misspelled op renders at the op with a suggestion")
    func patchOperation() {
        let result = Support.parse(
            """
            rules:
              - when: { text: hi }
                play:
                  - state_delta: [{ op: ad, path: /cart/-, value: HP-200 }]
            """)
        #expect(result.script == nil)
        #expect(
            result.rendered() == """
                test.agent.yaml:4:29: error: unknown patch operation 'ad' (expected one of add, remove, replace, move, copy, test); did you mean 'add'?
                          - state_delta: [{ op: ad, path: /cart/-, value: HP-200 }]
                                                ^
                """)
    }

    @Test("state_delta must be a list of RFC 6902 operations; custom needs a name and a value")
    func patchShapes() {
        #expect(
            messages(
                """
                rules:
                  - when: { text: hi }
                    play:
                      - state_delta: { op: add, path: /x, value: 1 }
                      - state_delta: []
                      - state_delta: [add, { path: /a }, { op: add, path: cart, value: 1 }, { op: replace, path: 5, value: 1 }]
                      - state_delta: [{ op: move, path: /b }, { op: copy, from: b, path: /c }, { op: remove, path: /a, vaule: 1 }]
                      - state_delta: [{ op: add, path: /a }, { op: test, path: "/n/${memory.k}", value: 1 }]
                      - custom: { name: x }
                      - custom: { nme: x, value: 1 }
                      - state_snapshot
                """) == [
                    "4:22: expected a non-empty list of JSON Patch operations, like [{ op: add, path: /cart/-, value: … }], got a mapping",
                    "5:22: expected a non-empty list of JSON Patch operations, like [{ op: add, path: /cart/-, value: … }], got a list",
                    "6:23: expected a JSON Patch operation, a mapping like { op: add, path: /cart/-, value: … }, got 'add'",
                    "6:28: a 'state_delta' operation needs 'op'",
                    "6:59: 'cart' is not a JSON Pointer (empty for the whole state, or starting with '/'); did you mean '/cart'?",
                    "6:98: expected a JSON Pointer, like /cart/-, got a number",
                    "7:23: 'move' needs 'from'",
                    "7:65: 'b' is not a JSON Pointer (empty for the whole state, or starting with '/'); did you mean '/b'?",
                    "7:104: unknown key 'vaule' in a 'state_delta' operation; did you mean 'value'?",
                    "8:23: 'add' needs 'value'",
                    "9:17: 'custom' needs 'value'",
                    "10:17: 'custom' needs 'name'",
                    "10:19: unknown key 'nme' in 'custom'; did you mean 'name'?",
                    "11:9: event 'state_snapshot' needs a value, like '- state_snapshot: …'",
                ])
    }

    @Test("interactive messages: goal elements and scheduler availability are checked")
    func interactive() {
        #expect(
            messages(
                """
                rules:
                  - when: { text: slot }
                    play:
                      - interactive:
                          id: s1
                          kind: scheduler
                          data:
                            availability: { tuesdy: ["09:00-12:00"], monday: ["9-12"] }
                            scheduleElement: { elementId: schedule_btn }
                          goal: { interactionType: anyOf, elementIds: [schedule_bt] }
                """) == [
                    "8:29: unknown day 'tuesdy' (expected monday … sunday); did you mean 'tuesday'?",
                    "8:63: '9-12' is not a time window; write it like \"09:00-12:00\"",
                    "10:56: the goal names 'schedule_bt', which is not an element of this message (elements: schedule_btn); did you mean 'schedule_btn'?",
                ])
    }

    @Test("scheduler data: Android's from/to windows are read too, and the buffer, date range and time zone are checked")
    func schedulerForms() {
        #expect(
            messages(
                """
                rules:
                  - when: { text: slot }
                    play:
                      - interactive:
                          id: s1
                          kind: scheduler
                          data:
                            availability:
                              Monday: [{ from: "0900", to: "1200" }, { from: "14:00", to: "17:00" }, "18:00-19:00"]
                              tuesday: [{ from: "1200", to: "0900" }, { from: "0900" }, { from: "0900", to: "1200", until: "1300" }]
                            bufferTime: -5
                            dateRangeStart: "2026-11-01"
                            dateRangeEnd: "30/11/2026"
                            timezoneCode: Europe/Londn
                """) == [
                    "10:25: '1200'-'0900' is not a time window; write it like { from: \"0900\", to: \"1200\" } (HHmm or HH:mm, from before to)",
                    "10:55: a time window needs 'to'",
                    "10:101: unknown key 'until' in a time window",
                    "11:25: expected the buffer after a meeting in minutes (a whole number of at least 0), got a number",
                    "13:27: '30/11/2026' is not an ISO date or date-time; write it like 2026-11-01 or 2026-11-01T09:00",
                    "14:27: unknown time zone 'Europe/Londn'; write an IANA id like Europe/London or UTC",
                ])
    }

    @Test("a script with errors gives no script; get() throws them rendered")
    func getThrows() {
        let result = Support.parse("rules: 3\n")
        #expect(result.script == nil)
        #expect(throws: AgentScriptError.self) { try result.get() }
        #expect(result.diagnostics.map(\.message) == ["expected a list of rules, each like '- when: { text: hello }', got a number"])
    }
}
