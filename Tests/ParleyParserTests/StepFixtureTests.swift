import ParleyModel
import ParleyParser
import Testing

/// The action and expectation steps, one fixture each: what the parser builds and where it says they were written.
@Suite("step fixtures")
struct StepFixtureTests {
    @Test("send: a template with a located reference; the mapping form turns waiting off")
    func send() throws {
        let flow = try FixturePaths.parseValid("001-send.flow.yaml")
        try #require(flow.steps.count == 2)
        guard case .send(let first) = flow.steps[0].kind else {
            Issue.record("expected send, got \(flow.steps[0].kind)")
            return
        }
        #expect(flow.steps[0].location.lineColumn == "4:5")
        #expect(first.waitForTurn)
        #expect(first.text.location.lineColumn == "4:11")
        try #require(first.text.parts.count == 3)
        #expect(first.text.parts[0] == .literal("Where is order "))
        guard case .reference(.variable(let name, let path), let at) = first.text.parts[1] else {
            Issue.record("expected a variable reference, got \(first.text.parts[1])")
            return
        }
        #expect(name == "order" && path.isEmpty)
        #expect(at.lineColumn == "4:27")
        #expect(at.file == FixturePaths.valid("001-send.flow.yaml"))
        #expect(first.text.parts[2] == .literal("?"))

        guard case .send(let second) = flow.steps[1].kind else {
            Issue.record("expected send, got \(flow.steps[1].kind)")
            return
        }
        #expect(second.text.literalText == "Still there?")
        #expect(!second.waitForTurn)
        #expect(flow.steps[1].location.lineColumn == "5:5")
    }

    @Test("expect: a bare event, a field matcher under the primary field, and a closed value")
    func expect() throws {
        let flow = try FixturePaths.parseValid("002-expect.flow.yaml")
        try #require(flow.steps.count == 4)
        guard case .expect(let bare) = flow.steps[1].kind else {
            Issue.record("expected expect, got \(flow.steps[1].kind)")
            return
        }
        #expect(bare.pattern.kind == .goalCompleted)
        #expect(bare.pattern.matcher == nil)
        #expect(bare.within == nil && bare.latency.isEmpty)
        #expect(bare.pattern.location.lineColumn == "4:13")

        guard case .expect(let reply) = flow.steps[2].kind else {
            Issue.record("expected expect, got \(flow.steps[2].kind)")
            return
        }
        #expect(flow.steps[2].location.lineColumn == "5:5")
        #expect(reply.pattern.kind == .reply)
        #expect(reply.pattern.location.lineColumn == "6:7")
        guard case .contains(let text)? = reply.pattern.field("text")?.kind else {
            Issue.record("expected contains on text, got \(String(describing: reply.pattern.matcher))")
            return
        }
        #expect(text.literalText == "shipped")

        guard case .expect(let finished) = flow.steps[3].kind,
            case .equals(.string(let outcome))? = finished.pattern.field("outcome")?.kind
        else {
            Issue.record("expected run_finished with an outcome, got \(flow.steps[3].kind)")
            return
        }
        #expect(finished.pattern.kind == .runFinished)
        #expect(outcome.literalText == "success")
    }

    @Test("expect_no: an empty mapping matches any event of the kind; 'for' sets a window")
    func expectNo() throws {
        let flow = try FixturePaths.parseValid("003-expect-no.flow.yaml")
        guard case .expectNo(let any) = flow.steps[1].kind, case .expectNo(let windowed) = flow.steps[2].kind else {
            Issue.record("expected two expect_no steps, got \(flow.steps.map(\.kind))")
            return
        }
        #expect(any.pattern.kind == .runError)
        #expect(any.pattern.matcher == nil)
        #expect(any.window == nil)
        #expect(windowed.pattern.kind == .toolCall)
        #expect(windowed.window == .seconds(2))
        guard case .equals(.string(let name))? = windowed.pattern.field("name")?.kind else {
            Issue.record("expected a name matcher, got \(String(describing: windowed.pattern.matcher))")
            return
        }
        #expect(name.literalText == "delete_account")
        #expect(flow.steps[2].location.lineColumn == "5:5")
    }

    @Test("expect_sequence: the list form and the events/within form")
    func expectSequence() throws {
        let flow = try FixturePaths.parseValid("004-expect-sequence.flow.yaml")
        guard case .expectSequence(let list) = flow.steps[1].kind,
            case .expectSequence(let mapping) = flow.steps[2].kind
        else {
            Issue.record("expected two expect_sequence steps, got \(flow.steps.map(\.kind))")
            return
        }
        #expect(list.patterns.map(\.kind) == [.runStarted, .toolCall, .reply])
        #expect(list.within == nil)
        #expect(list.patterns.map(\.location.lineColumn) == ["5:9", "6:9", "7:9"])
        guard case .equals(.string(let tool))? = list.patterns[1].field("name")?.kind else {
            Issue.record("a bare scalar under tool_call should match its name")
            return
        }
        #expect(tool.literalText == "lookup_order")
        #expect(mapping.patterns.map(\.kind) == [.typing, .turnEnded])
        #expect(mapping.within == .seconds(3))
        #expect(flow.steps[2].location.lineColumn == "8:5")
    }

    @Test("tap: the suggestion's text")
    func tap() throws {
        let flow = try FixturePaths.parseValid("005-tap.flow.yaml")
        guard case .tap(let text) = flow.steps[1].kind else {
            Issue.record("expected tap, got \(flow.steps[1].kind)")
            return
        }
        #expect(text.literalText == "Track package")
        #expect(text.location.lineColumn == "4:10")
        #expect(flow.steps[1].location.lineColumn == "4:5")
    }

    @Test("fill + submit: one step, values in order with YAML types kept")
    func fillAndSubmit() throws {
        let flow = try FixturePaths.parseValid("006-fill-submit.flow.yaml")
        try #require(flow.steps.count == 2)
        guard case .fill(let fill) = flow.steps[1].kind else {
            Issue.record("expected fill, got \(flow.steps[1].kind)")
            return
        }
        #expect(flow.steps[1].location.lineColumn == "4:5")
        #expect(fill.values.map(\.name) == ["name_field", "country_dropdown", "age"])
        #expect(fill.values.map(\.location.lineColumn) == ["4:13", "4:39", "4:61"])
        guard case .string(let name) = fill.values[0].value else {
            Issue.record("expected a text value, got \(fill.values[0].value)")
            return
        }
        #expect(name.literalText == "Ada Lovelace")
        #expect(fill.values[2].value == .number(36))
        #expect(fill.submit?.literalText == "submit_btn")
        #expect(fill.submit?.location.lineColumn == "5:13")
    }

    @Test("submit alone: a fill step with no values")
    func submitAlone() throws {
        let flow = try FixturePaths.parseValid("007-submit-alone.flow.yaml")
        guard case .fill(let fill) = flow.steps[1].kind else {
            Issue.record("expected fill, got \(flow.steps[1].kind)")
            return
        }
        #expect(fill.values.isEmpty)
        #expect(fill.submit?.literalText == "submit_btn")
        #expect(flow.steps[1].location.lineColumn == "4:5")
    }

    @Test("click: an element id, or an element on a named card")
    func click() throws {
        let flow = try FixturePaths.parseValid("008-click.flow.yaml")
        guard case .click(let plain) = flow.steps[1].kind, case .click(let onCard) = flow.steps[2].kind else {
            Issue.record("expected two clicks, got \(flow.steps.map(\.kind))")
            return
        }
        #expect(plain.element.literalText == "confirm_btn")
        #expect(plain.card == nil)
        #expect(onCard.element.literalText == "cancel_btn")
        #expect(onCard.card?.literalText == "msg-7")
        #expect(onCard.card?.location.lineColumn == "5:41")
    }

    @Test("schedule: a slot, or a slot on a named scheduler")
    func schedule() throws {
        let flow = try FixturePaths.parseValid("009-schedule.flow.yaml")
        guard case .schedule(let iso) = flow.steps[1].kind, case .schedule(let named) = flow.steps[2].kind else {
            Issue.record("expected two schedule steps, got \(flow.steps.map(\.kind))")
            return
        }
        #expect(iso.slot.literalText == "2026-11-23T09:30")
        #expect(iso.scheduler == nil)
        #expect(named.slot.literalText == "monday 09:30")
        #expect(named.scheduler?.literalText == "sched-1")
    }

    @Test("respond_tool: by name with a text result, or by call id with a JSON result")
    func respondTool() throws {
        let flow = try FixturePaths.parseValid("010-respond-tool.flow.yaml")
        guard case .respondTool(let byName) = flow.steps[1].kind, case .respondTool(let byID) = flow.steps[2].kind else {
            Issue.record("expected two respond_tool steps, got \(flow.steps.map(\.kind))")
            return
        }
        #expect(byName.name?.literalText == "confirm_action")
        #expect(byName.callID == nil)
        guard case .string(let approved) = byName.result else {
            Issue.record("expected a text result, got \(byName.result)")
            return
        }
        #expect(approved.literalText == "approved")
        #expect(byID.name == nil)
        #expect(byID.callID?.literalText == "call-2")
        guard case .object(let members) = byID.result else {
            Issue.record("expected an object result, got \(byID.result)")
            return
        }
        #expect(members.map(\.key) == ["ok", "count"])
        #expect(members.map(\.value) == [.bool(true), .number(2)])
        #expect(flow.steps[2].location.lineColumn == "5:5")
    }

    @Test("resume: a bare decision, or a decision with payload and interrupt id")
    func resume() throws {
        let flow = try FixturePaths.parseValid("011-resume.flow.yaml")
        guard case .resume(let approve) = flow.steps[1].kind, case .resume(let deny) = flow.steps[2].kind else {
            Issue.record("expected two resume steps, got \(flow.steps.map(\.kind))")
            return
        }
        #expect(approve.decision == .approve)
        #expect(approve.payload == nil && approve.interrupt == nil)
        #expect(deny.decision == .deny)
        #expect(deny.interrupt?.literalText == "int-1")
        guard case .object(let members)? = deny.payload, case .string(let reason)? = members.first?.value else {
            Issue.record("expected an object payload, got \(String(describing: deny.payload))")
            return
        }
        #expect(members.map(\.key) == ["reason"])
        #expect(reason.literalText == "too much")
    }
}
