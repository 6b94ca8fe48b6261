import ParleyModel
import ParleyParser
import Testing

/// `end`, `wait`, variables and control flow, one fixture each.
@Suite("control fixtures")
struct ControlFixtureTests {
    @Test("end: a bare word or an empty mapping")
    func end() throws {
        let flow = try FixturePaths.parseValid("012-end.flow.yaml")
        try #require(flow.steps.count == 4)
        #expect(flow.steps[1].kind == .end)
        #expect(flow.steps[1].location.lineColumn == "4:5")
        #expect(flow.steps[3].kind == .end)
        guard case .expect(let ended) = flow.steps[2].kind else {
            Issue.record("expected expect, got \(flow.steps[2].kind)")
            return
        }
        #expect(ended.pattern.kind == .sessionEnded)
        #expect(ended.pattern.matcher == nil)
    }

    @Test("wait: a combined duration")
    func wait() throws {
        let flow = try FixturePaths.parseValid("013-wait.flow.yaml")
        guard case .wait(let duration) = flow.steps[0].kind else {
            Issue.record("expected wait, got \(flow.steps[0].kind)")
            return
        }
        #expect(duration == .seconds(90))
        #expect(flow.steps[0].location.lineColumn == "3:5")
    }

    @Test("set: values keep their YAML types, names their locations")
    func set() throws {
        let flow = try FixturePaths.parseValid("014-set.flow.yaml")
        guard case .set(let assignments) = flow.steps[0].kind else {
            Issue.record("expected set, got \(flow.steps[0].kind)")
            return
        }
        #expect(assignments.map(\.name) == ["tier", "limit", "vip", "note", "tags"])
        #expect(assignments[0].location.lineColumn == "3:12")
        guard case .string(let tier) = assignments[0].value else {
            Issue.record("expected text, got \(assignments[0].value)")
            return
        }
        #expect(tier.literalText == "gold")
        #expect(assignments[1].value == .number(3))
        #expect(assignments[2].value == .bool(true))
        #expect(assignments[3].value == .null)
        guard case .array(let tags) = assignments[4].value else {
            Issue.record("expected a list, got \(assignments[4].value)")
            return
        }
        #expect(tags.count == 2)
    }

    @Test("capture: regex with default and explicit group, JSON path, and the whole event")
    func capture() throws {
        let flow = try FixturePaths.parseValid("015-capture.flow.yaml")
        guard case .capture(let captures) = flow.steps[1].kind else {
            Issue.record("expected capture, got \(flow.steps[1].kind)")
            return
        }
        #expect(captures.map(\.name) == ["tracking", "code", "order_id", "last_reply"])
        #expect(captures.map(\.source) == [.reply, .reply, .toolCall, .reply])
        #expect(captures[0].location.lineColumn == "5:7")
        #expect(regexSource(captures[0].extraction) == #"tracking (\w+)"#)
        #expect(regexGroup(captures[0].extraction) == 1)
        #expect(regexSource(captures[1].extraction) == #"([A-Z]+)-(\d+)"#)
        #expect(regexGroup(captures[1].extraction) == 2)
        guard case .jsonPath(let path) = captures[2].extraction else {
            Issue.record("expected a JSON path, got \(captures[2].extraction)")
            return
        }
        #expect(path == "$.args.order_id")
        #expect(captures[3].extraction == .whole)
    }

    @Test("if/then/else: a variable condition and a received-event condition")
    func conditional() throws {
        let flow = try FixturePaths.parseValid("016-if-then-else.flow.yaml")
        try #require(flow.steps.count == 2)
        guard case .conditional(let onVariable) = flow.steps[0].kind,
            case .variable(let name, let matcher) = onVariable.condition
        else {
            Issue.record("expected if on a variable, got \(flow.steps[0].kind)")
            return
        }
        #expect(flow.steps[0].location.lineColumn == "4:5")
        #expect(name.value == "tier")
        guard case .equals(.string(let gold)) = matcher.kind else {
            Issue.record("expected equals, got \(matcher.kind)")
            return
        }
        #expect(gold.literalText == "gold")
        #expect(onVariable.then.count == 1)
        #expect(onVariable.otherwise.count == 2)
        #expect(onVariable.otherwise.last?.kind == .wait(.seconds(1)))
        #expect(onVariable.otherwise.first?.location.lineColumn == "8:9")

        guard case .conditional(let onEvent) = flow.steps[1].kind, case .received(let pattern) = onEvent.condition else {
            Issue.record("expected if on a received event, got \(flow.steps[1].kind)")
            return
        }
        #expect(pattern.kind == .reply)
        guard case .contains(let refund)? = pattern.field("text")?.kind else {
            Issue.record("expected contains, got \(String(describing: pattern.matcher))")
            return
        }
        #expect(refund.literalText == "refund")
        #expect(onEvent.then.count == 1)
        #expect(onEvent.otherwise.isEmpty)
    }

    @Test("repeat: a fixed number of times")
    func repeatTimes() throws {
        let flow = try FixturePaths.parseValid("017-repeat-times.flow.yaml")
        guard case .loop(let loop) = flow.steps[0].kind else {
            Issue.record("expected repeat, got \(flow.steps[0].kind)")
            return
        }
        #expect(loop.bound == .times(3))
        #expect(loop.steps.count == 2)
        #expect(loop.steps.map(\.location.lineColumn) == ["6:11", "7:11"])
    }

    @Test("repeat: until a condition holds, at most max passes")
    func repeatUntil() throws {
        let flow = try FixturePaths.parseValid("018-repeat-until.flow.yaml")
        guard case .loop(let loop) = flow.steps[0].kind, case .until(.received(let pattern), let max) = loop.bound else {
            Issue.record("expected repeat until, got \(flow.steps[0].kind)")
            return
        }
        #expect(max == 5)
        #expect(pattern.kind == .reply)
        #expect(loop.steps.count == 1)
    }

    @Test("include: the other file's steps, its defaults, and the with: parameters")
    func include() throws {
        let flow = try FixturePaths.parseValid("019-include.flow.yaml")
        guard case .include(let include) = flow.steps[0].kind else {
            Issue.record("expected include, got \(flow.steps[0].kind)")
            return
        }
        let included = FixturePaths.valid("included/greeting.yaml")
        #expect(include.path == "included/greeting.yaml")
        #expect(include.resolvedPath == included)
        #expect(include.parameters.map(\.name) == ["name"])
        #expect(include.parameters[0].location.lineColumn == "4:13")
        #expect(include.defaults.map(\.name) == ["name", "greeting"])
        try #require(include.steps.count == 2)
        // Included steps keep the included file as their location.
        #expect(include.steps[0].location.file == included)
        #expect(include.steps[0].location.lineColumn == "4:5")
        guard case .send(let greeting) = include.steps[0].kind else {
            Issue.record("expected send, got \(include.steps[0].kind)")
            return
        }
        #expect(greeting.text.sketch == "${greeting@4:12}, I am ${name@4:30}")
    }

    @Test("retry: attempts, causes and delay; the defaults when only steps are given")
    func retry() throws {
        let flow = try FixturePaths.parseValid("020-retry.flow.yaml")
        guard case .retry(let full) = flow.steps[0].kind, case .retry(let minimal) = flow.steps[1].kind else {
            Issue.record("expected two retry steps, got \(flow.steps.map(\.kind))")
            return
        }
        #expect(full.attempts == 3)
        #expect(full.on == [.timeout, .transport])
        #expect(full.delay == .milliseconds(500))
        try #require(full.steps.count == 2)
        guard case .expect(let inner) = full.steps[1].kind else {
            Issue.record("expected expect, got \(full.steps[1].kind)")
            return
        }
        #expect(inner.within == .seconds(2))
        #expect(minimal.attempts == 2)
        #expect(minimal.on == [.timeout, .transport])
        #expect(minimal.delay == nil)
        #expect(minimal.steps.count == 1)
    }

    @Test("log: a template")
    func log() throws {
        let flow = try FixturePaths.parseValid("021-log.flow.yaml")
        guard case .log(let line) = flow.steps[0].kind else {
            Issue.record("expected log, got \(flow.steps[0].kind)")
            return
        }
        #expect(line.sketch == "checking ${order@4:20}")
    }

    private func regexSource(_ extraction: Capture.Extraction) -> String? {
        guard case .regex(let template, _) = extraction else { return nil }
        return template.literalText
    }

    private func regexGroup(_ extraction: Capture.Extraction) -> Int? {
        guard case .regex(_, let group) = extraction else { return nil }
        return group
    }
}
