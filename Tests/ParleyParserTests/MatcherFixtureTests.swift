import ParleyModel
import ParleyParser
import Testing

/// The matcher language, one fixture per matcher.
@Suite("matcher fixtures")
struct MatcherFixtureTests {
    /// The pattern of expectation `index` (a step index) of fixture `name`.
    private func pattern(_ name: String, step index: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
        -> EventPattern
    {
        let flow = try FixturePaths.parseValid(name, sourceLocation: sourceLocation)
        let step = try #require(flow.steps.indices.contains(index) ? flow.steps[index] : nil, sourceLocation: sourceLocation)
        let found: EventPattern? =
            switch step.kind {
            case .expect(let expectation): expectation.pattern
            case .expectNo(let absence): absence.pattern
            default: nil
            }
        return try #require(found, "step \(index) is not an expectation: \(step.kind)", sourceLocation: sourceLocation)
    }

    @Test("equals: a plain scalar, an explicit 'equals', and a number inside an object")
    func equals() throws {
        let plain = try pattern("030-matcher-equals.flow.yaml", step: 1)
        guard case .equals(.string(let hello))? = plain.field("text")?.kind else {
            Issue.record("expected equals, got \(String(describing: plain.matcher))")
            return
        }
        #expect(hello.literalText == "Hello there")

        let explicit = try pattern("030-matcher-equals.flow.yaml", step: 2)
        let matcher = try #require(explicit.field("text"))
        guard case .equals(.string(let again)) = matcher.kind else {
            Issue.record("expected equals, got \(matcher.kind)")
            return
        }
        #expect(again.literalText == "Hello again")
        #expect(matcher.location.lineColumn == "5:24")

        let tool = try pattern("030-matcher-equals.flow.yaml", step: 3)
        guard case .object(let args)? = tool.field("args")?.kind else {
            Issue.record("expected an object matcher on args, got \(String(describing: tool.matcher))")
            return
        }
        #expect(args.map(\.key) == ["count"])
        #expect(args.first?.matcher.kind == .equals(.number(2)))
    }

    @Test("contains")
    func contains() throws {
        let reply = try pattern("031-matcher-contains.flow.yaml", step: 1)
        guard case .contains(let text)? = reply.field("text")?.kind else {
            Issue.record("expected contains, got \(String(describing: reply.matcher))")
            return
        }
        #expect(text.literalText == "shipped")
    }

    @Test("icontains")
    func icontains() throws {
        let reply = try pattern("032-matcher-icontains.flow.yaml", step: 1)
        guard case .containsIgnoringCase(let text)? = reply.field("text")?.kind else {
            Issue.record("expected icontains, got \(String(describing: reply.matcher))")
            return
        }
        #expect(text.literalText == "SHIPPED")
    }

    @Test("matches: the regex as YAML unescaped it")
    func matches() throws {
        let reply = try pattern("033-matcher-matches.flow.yaml", step: 1)
        guard case .matches(let regex)? = reply.field("text")?.kind else {
            Issue.record("expected matches, got \(String(describing: reply.matcher))")
            return
        }
        #expect(regex.literalText == #"order [A-Z]-\d{4}"#)
    }

    @Test("starts_with")
    func startsWith() throws {
        let reply = try pattern("034-matcher-starts-with.flow.yaml", step: 1)
        guard case .startsWith(let prefix)? = reply.field("text")?.kind else {
            Issue.record("expected starts_with, got \(String(describing: reply.matcher))")
            return
        }
        #expect(prefix.literalText == "Hello")
    }

    @Test("one_of: mixed values, and closed values of a handoff outcome")
    func oneOf() throws {
        let reply = try pattern("035-matcher-one-of.flow.yaml", step: 1)
        guard case .oneOf(let values)? = reply.field("text")?.kind else {
            Issue.record("expected one_of, got \(String(describing: reply.matcher))")
            return
        }
        #expect(values.count == 3)
        #expect(values.last == .number(42))
        let handoff = try pattern("035-matcher-one-of.flow.yaml", step: 2)
        #expect(handoff.kind == .handoff)
        guard case .oneOf(let outcomes)? = handoff.field("outcome")?.kind else {
            Issue.record("expected one_of, got \(String(describing: handoff.matcher))")
            return
        }
        #expect(outcomes.flatMap(\.templates).map(\.literalText) == ["live_agent_joined", "failed"])
    }

    @Test("not")
    func not() throws {
        let reply = try pattern("036-matcher-not.flow.yaml", step: 1)
        guard case .not(let inner)? = reply.field("text")?.kind, case .contains(let sorry) = inner.kind else {
            Issue.record("expected not(contains), got \(String(describing: reply.matcher))")
            return
        }
        #expect(sorry.literalText == "sorry")
    }

    @Test("all: written as a list, and implied by several keywords in one mapping")
    func all() throws {
        let listed = try pattern("037-matcher-all.flow.yaml", step: 1)
        guard case .all(let inner)? = listed.field("text")?.kind else {
            Issue.record("expected all, got \(String(describing: listed.matcher))")
            return
        }
        #expect(inner.count == 2)
        guard case .contains(let second) = inner[1].kind else {
            Issue.record("expected contains, got \(inner[1].kind)")
            return
        }
        #expect(second.literalText == "shipped")

        let implied = try pattern("037-matcher-all.flow.yaml", step: 2)
        guard case .all(let both)? = implied.field("text")?.kind, both.count == 2,
            case .contains = both[0].kind, case .startsWith(let prefix) = both[1].kind
        else {
            Issue.record("expected all(contains, starts_with), got \(String(describing: implied.matcher))")
            return
        }
        #expect(prefix.literalText == "Your")
    }

    @Test("any")
    func any() throws {
        let reply = try pattern("038-matcher-any.flow.yaml", step: 1)
        guard case .any(let inner)? = reply.field("text")?.kind else {
            Issue.record("expected any, got \(String(describing: reply.matcher))")
            return
        }
        #expect(inner.count == 2)
    }

    @Test("lt, lte, gt, gte with numbers")
    func compareNumbers() throws {
        let lte = try pattern("039-matcher-compare-numbers.flow.yaml", step: 1)
        #expect(lte.field("queue_position")?.kind == .compare(.lte, .number(3)))
        let range = try pattern("039-matcher-compare-numbers.flow.yaml", step: 2)
        guard case .all(let bounds)? = range.field("queue_position")?.kind else {
            Issue.record("expected all, got \(String(describing: range.matcher))")
            return
        }
        #expect(bounds.map(\.kind) == [.compare(.gt, .number(0)), .compare(.lt, .number(10.5))])
        let attempt = try pattern("039-matcher-compare-numbers.flow.yaml", step: 3)
        #expect(attempt.kind == .connection)
        #expect(attempt.field("attempt")?.kind == .compare(.gte, .number(1)))
    }

    @Test("lt and gte with durations")
    func compareDurations() throws {
        let lt = try pattern("040-matcher-compare-durations.flow.yaml", step: 1)
        #expect(lt.field("wait")?.kind == .compare(.lt, .duration(.seconds(120))))
        let gte = try pattern("040-matcher-compare-durations.flow.yaml", step: 2)
        #expect(gte.field("wait")?.kind == .compare(.gte, .duration(.milliseconds(250))))
    }

    @Test("an object matches as a subset, with matchers at its leaves")
    func objectSubset() throws {
        let call = try pattern("041-matcher-object-subset.flow.yaml", step: 1)
        #expect(call.kind == .toolCall)
        guard case .object(let fields)? = call.matcher?.kind else {
            Issue.record("expected an object matcher, got \(String(describing: call.matcher))")
            return
        }
        #expect(fields.map(\.key) == ["name", "args"])
        guard case .object(let args)? = call.field("args")?.kind else {
            Issue.record("expected an object on args")
            return
        }
        #expect(args.map(\.key) == ["order_id", "options"])
        guard case .equals(.string(let orderID)) = args[0].matcher.kind else {
            Issue.record("expected equals, got \(args[0].matcher.kind)")
            return
        }
        #expect(orderID.sketch == "${order@9:22}")
        guard case .object(let options) = args[1].matcher.kind else {
            Issue.record("expected a nested object, got \(args[1].matcher.kind)")
            return
        }
        #expect(options.map(\.key) == ["express", "carrier"])
        #expect(options[0].matcher.kind == .equals(.bool(true)))
        guard case .oneOf(let carriers) = options[1].matcher.kind else {
            Issue.record("expected one_of at a leaf, got \(options[1].matcher.kind)")
            return
        }
        #expect(carriers.count == 2)
    }

    @Test("json_path: each path a matcher, all of them combined")
    func jsonPath() throws {
        let card = try pattern("042-matcher-json-path.flow.yaml", step: 1)
        #expect(card.kind == .card)
        guard case .all(let paths)? = card.field("payload")?.kind, paths.count == 2,
            case .jsonPath(let first, let sku) = paths[0].kind, case .jsonPath(let second, let total) = paths[1].kind
        else {
            Issue.record("expected two json_path matchers, got \(String(describing: card.matcher))")
            return
        }
        #expect(first == "$.items[0].sku")
        guard case .equals(.string(let value)) = sku.kind else {
            Issue.record("expected equals, got \(sku.kind)")
            return
        }
        #expect(value.literalText == "A-1")
        #expect(second == "$.total")
        #expect(total.kind == .compare(.gt, .number(10)))
    }

    @Test("exists, in expect and in expect_no")
    func exists() throws {
        let result = try pattern("043-matcher-exists.flow.yaml", step: 1)
        #expect(result.kind == .toolResult)
        #expect(result.field("content")?.kind == .exists(true))
        let absent = try pattern("043-matcher-exists.flow.yaml", step: 2)
        #expect(absent.field("attachments")?.kind == .exists(true))
    }
}
