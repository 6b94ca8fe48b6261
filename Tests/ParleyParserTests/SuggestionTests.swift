import ParleyModel
import ParleyParser
import Testing

/// "Did you mean …?": a close misspelling gets the nearest word, a far one gets none.
/// Checked through the messages users see, not the internal `Suggestion` type.
@Suite("did you mean")
struct SuggestionTests {
    /// The messages for a one-step flow whose only list item is `item`.
    private func messages(step item: String) -> [String] {
        FixturePaths.parse("flow: f\nsteps:\n  - \(item)\n").diagnostics.map(\.message)
    }

    @Test(
        "a misspelled step",
        arguments: [
            ("sned: hi", "unknown step 'sned'; did you mean 'send'?"),
            ("snd: hi", "unknown step 'snd'; did you mean 'send'?"),
            ("SEND: hi", "unknown step 'SEND'; did you mean 'send'?"),
            ("expct: reply", "unknown step 'expct'; did you mean 'expect'?"),
            ("expect-no: reply", "unknown step 'expect-no'; did you mean 'expect_no'?"),
            ("expect_sequense: [reply]", "unknown step 'expect_sequense'; did you mean 'expect_sequence'?"),
            ("respondtool: { name: x, result: y }", "unknown step 'respondtool'; did you mean 'respond_tool'?"),
            ("captrue: { x: reply }", "unknown step 'captrue'; did you mean 'capture'?"),
            ("incldue: other.yaml", "unknown step 'incldue'; did you mean 'include'?"),
            ("banana: hi", "unknown step 'banana'"),
            ("x: hi", "unknown step 'x'"),
            ("sned", "unknown step 'sned'; did you mean 'send'?"),
            ("expect", "step 'expect' needs a value, like '- expect: …'"),
        ])
    func step(item: String, message: String) {
        #expect(messages(step: item) == [message])
    }

    @Test(
        "a misspelled event, field, matcher or closed value",
        arguments: [
            ("expect: { replly: hi }", "unknown event 'replly' in 'expect'; did you mean 'reply'?"),
            ("expect: tool_cal", "unknown event 'tool_cal'; did you mean 'tool_call'?"),
            ("expect: { withn: 5s, reply: hi }", "unknown event 'withn' in 'expect'; did you mean 'within'?"),
            ("expect_no: { reply: hi, fro: 2s }", "unknown event 'fro' in 'expect_no'; did you mean 'for'?"),
            (
                "expect: { reply: { frm: live } }",
                "unknown field 'frm' for 'reply' (its fields are text, from, agent, message_id, suggestions, attachments, call_actions, elements); did you mean 'from'?"
            ),
            (
                "expect: { reply: { startswith: Hi } }",
                "unknown field 'startswith' for 'reply' (its fields are text, from, agent, message_id, suggestions, attachments, call_actions, elements); did you mean 'starts_with'?"
            ),
            ("expect: { reply: { text: { icontain: hi } } }", "unknown matcher 'icontain'; did you mean 'icontains'?"),
            ("expect: { reply: { text: { banana: hi } } }", "unknown matcher 'banana'"),
            // Words from other tools and from English name the keyword they mean; only whole.
            ("expect: { reply: { text: { include: hi } } }", "unknown matcher 'include'; did you mean 'contains'?"),
            ("expect: { reply: { text: { Regex: \"^Hi\" } } }", "unknown matcher 'Regex'; did you mean 'matches'?"),
            ("expect: { reply: { text: { starts-with: Hi } } }", "unknown matcher 'starts-with'; did you mean 'starts_with'?"),
            ("expect: { reply: { text: { on: hi } } }", "unknown matcher 'on'"),
            (
                "expect: { tool_call: { includes: lookup } }",
                "unknown field 'includes' for 'tool_call' (its fields are id, name, args, display_name, execution_text); did you mean 'contains'?"
            ),
            ("expect: { goal_completed: { include: x } }", "unknown field 'include' for 'goal_completed' (its fields are id, source)"),
            (
                "expect: { reply: { from: agnet } }",
                "'agnet' is not a reply from (expected one of agent, live); did you mean 'agent'?"
            ),
            (
                "expect: { typing: { state: { one_of: [started, stoped] } } }",
                "'stoped' is not a typing state (expected one of started, stopped); did you mean 'stopped'?"
            ),
            (
                "expect: { handoff: queud }",
                "'queud' is not a handoff stage (expected one of started, accepted, queued, live_agent_joined, live_agent_left, failed, timed_out, client_handoff_required); did you mean 'queued'?"
            ),
        ])
    func expectation(item: String, message: String) {
        #expect(messages(step: item) == [message])
    }

    @Test(
        "a misspelled key of a step or of the flow",
        arguments: [
            ("send: { txt: hi }", "unknown key 'txt' in 'send'; did you mean 'text'?"),
            ("click: { elemnt: ok }", "unknown key 'elemnt' in 'click'; did you mean 'element'?"),
            ("repeat: { time: 2, steps: [] }", "unknown key 'time' in 'repeat'; did you mean 'times'?"),
            ("retry: { attempt: 2, steps: [] }", "unknown key 'attempt' in 'retry'; did you mean 'attempts'?"),
            ("resume: { decison: approve }", "unknown key 'decison' in 'resume'; did you mean 'decision'?"),
            ("capture: { code: { from: reply, timeout: 5s } }", "unknown key 'timeout' in 'capture'; did you mean 'within'?"),
            ("expect_sequence: { events: [reply], timeout: 5s }", "unknown key 'timeout' in 'expect_sequence'; did you mean 'within'?"),
        ])
    func key(item: String, message: String) {
        #expect(messages(step: item).first == message)
    }

    @Test("a misspelled header key, and an unknown one with nothing close")
    func headerKeys() {
        let parsed = FixturePaths.parse("flow: f\ndescripton: d\nowner: me\nsteps:\n  - send: hi\n")
        #expect(parsed.diagnostics.map(\.message) == [
            "unknown key 'descripton' in flow; did you mean 'description'?",
            "unknown key 'owner' in flow",
        ])
        #expect(parsed.diagnostics.map(\.location.lineColumn) == ["2:1", "3:1"])
    }

    @Test("an undefined variable suggests the nearest defined one, or none")
    func variables() throws {
        let messages = try FixturePaths.messages(
            validating: "flow: f\nvars: { order_id: A-1, customer: Ada }\nsteps:\n  - send: \"${orderid} ${custmer} ${zebra}\"\n")
        #expect(messages == [
            "undefined variable 'orderid'; did you mean 'order_id'?",
            "undefined variable 'custmer'; did you mean 'customer'?",
            "undefined variable 'zebra'",
        ])
    }

    @Test("a variable set by an earlier step is defined; one set later is not")
    func variableOrder() throws {
        let messages = try FixturePaths.messages(
            validating: "flow: f\nsteps:\n  - send: \"${later}\"\n  - set: { later: 1 }\n  - send: \"${later}\"\n")
        #expect(messages == ["undefined variable 'later'"])
    }
}
