import ParleyModel

/// Reads a list of steps. Each list item is one step: a bare keyword (`- end`) or a mapping whose
/// first step keyword decides the step, with that step's companion keys (`fill` + `submit`, `if` + `then`).
struct StepParser {
    let context: ParseContext
    /// Reads `include:` files; nil while parsing the project file.
    let includes: IncludeResolver

    var patterns: EventPatternParser { EventPatternParser(context: context) }

    /// Keywords that start a step, and the companion keys each allows beside it.
    static let companions: [StepKeyword: [StepKeyword]] = [
        .fill: [.submit], .if: [.then, .else], .include: [.with],
    ]
    static let stepNames = StepKeyword.allCases.filter { ![.then, .else, .with].contains($0) }.map(\.rawValue)

    func parseList(_ node: YAMLNode, what: String = "a list of steps") -> [Step] {
        guard case .sequence(let items) = node.value else {
            context.wrongShape(node, expected: what)
            return []
        }
        return items.compactMap(parseStep)
    }

    func parseStep(_ node: YAMLNode) -> Step? {
        switch node.value {
        case .scalar(let word, _):
            if word == StepKeyword.end.rawValue { return Step(.end, at: node.location) }
            if word == StepKeyword.typing.rawValue { return Step(.typing, at: node.location) }
            if StepKeyword(rawValue: word) != nil {
                context.error("step '\(word)' needs a value, like '- \(word): …'", at: node.location)
            } else if EventKind(rawValue: word) != nil {
                context.error("'\(word)' is an event, not a step; write it as - expect: \(word)", at: node.location)
            } else {
                context.error("unknown step '\(word)'\(Suggestion.hint(for: word, in: Self.stepNames))", at: node.location)
            }
            return nil
        case .sequence:
            context.wrongShape(node, expected: "a step, like '- send: hello'")
            return nil
        case .mapping(let pairs):
            let reader = MappingReader(node, context, expected: "")!
            let leaders = pairs.filter { Self.stepNames.contains($0.key.value) && $0.key.value != "submit" }
            let leader = leaders.first ?? pairs.first { $0.key.value == StepKeyword.submit.rawValue }
            guard let leader, let keyword = StepKeyword(rawValue: leader.key.value) else {
                // `- reply: …` is an expectation written without its `expect:`.
                let event = pairs.first { EventKind(rawValue: $0.key.value) != nil }
                for (key, _) in pairs {
                    if let event, key.value == event.key.value {
                        context.error(
                            "'\(key.value)' is an event, not a step; indent it under 'expect:', as in - expect: { \(key.value): … }",
                            at: key.location)
                    } else if event == nil || !OptionKeys.expectation.names.contains(key.value) {
                        context.error("unknown step '\(key.value)'\(Suggestion.hint(for: key.value, in: Self.stepNames))", at: key.location)
                    }
                }
                return nil
            }
            if leaders.count > 1 {
                context.error(
                    "one step per list item: found '\(leaders[0].key.value)' and '\(leaders[1].key.value)'; start a new '- ' for each",
                    at: leaders[1].key.location)
                return nil
            }
            let allowed = [keyword] + (Self.companions[keyword] ?? [])
            let misplaced = misplacedUnder(keyword, leader, pairs)
            reader.rejectUnknownKeys(allowed: allowed.map(\.rawValue) + misplaced.map(\.value), in: "'\(keyword.rawValue)' step", context)
            // `- expect:` with its event beside it, not under it: the fix is said; "needs an event" would only repeat it.
            if misplaced.contains(where: { EventKind(rawValue: $0.value) != nil }), leader.value.scalarMeaning == .null { return nil }
            guard let kind = kind(keyword, leader.value, reader) else { return nil }
            return Step(kind, at: leader.key.location)
        }
    }

    private func kind(_ keyword: StepKeyword, _ value: YAMLNode, _ step: MappingReader) -> Step.Kind? {
        switch keyword {
        case .send: return send(value).map(Step.Kind.send)
        case .expect: return expectation(value).map(Step.Kind.expect)
        case .expectNo: return absence(value).map(Step.Kind.expectNo)
        case .expectSequence: return sequence(value).map(Step.Kind.expectSequence)
        case .tap: return context.template(value, "the suggestion's text").map(Step.Kind.tap)
        case .fill, .submit: return fill(step).map(Step.Kind.fill)
        case .click: return click(value).map(Step.Kind.click)
        case .schedule: return schedule(value).map(Step.Kind.schedule)
        case .respondTool: return toolResponse(value).map(Step.Kind.respondTool)
        case .resume: return resume(value).map(Step.Kind.resume)
        case .end:
            if value.scalarMeaning != .null, !isEmptyMapping(value) {
                context.wrongShape(value, expected: "nothing ('- end')")
            }
            return .end
        case .typing:
            if value.scalarMeaning != .null, !isEmptyMapping(value) {
                context.wrongShape(value, expected: "nothing ('- typing')")
            }
            return .typing
        case .wait: return context.duration(value).map(Step.Kind.wait)
        case .set: return assignments(value, what: "variable name").map(Step.Kind.set)
        case .capture: return captures(value).map(Step.Kind.capture)
        case .if: return conditional(value, step).map(Step.Kind.conditional)
        case .repeat: return loop(value).map(Step.Kind.loop)
        case .include: return includes.include(value, with: step["with"], context).map(Step.Kind.include)
        case .retry: return retry(value).map(Step.Kind.retry)
        case .log: return context.template(value, "a message").map(Step.Kind.log)
        case .then, .else, .with:
            return nil  // never leaders: filtered out of stepNames
        }
    }

    /// Keys of an `expect` or `expect_no` written beside it instead of under it (an event, or
    /// `within:`), each reported with the fix; returned so they are not reported again as unknown.
    private func misplacedUnder(
        _ keyword: StepKeyword, _ leader: (key: Located<String>, value: YAMLNode), _ pairs: [(key: Located<String>, value: YAMLNode)]
    ) -> [Located<String>] {
        let options: [KeyDeclaration]
        switch keyword {
        case .expect: options = OptionKeys.expectation
        case .expectNo: options = OptionKeys.absence
        case .send, .expectSequence, .tap, .fill, .submit, .click, .schedule, .respondTool, .resume, .end, .typing, .wait, .set, .capture,
            .if, .then, .else, .repeat, .include, .with, .retry, .log:
            return []
        }
        let step = keyword.rawValue
        var event = "reply"
        if case .scalar(let name, _) = leader.value.value, EventKind(rawValue: name) != nil { event = name }
        var misplaced: [Located<String>] = []
        for (key, value) in pairs where key.value != step {
            if EventKind(rawValue: key.value) != nil {
                context.error(
                    "'\(key.value)' belongs under '\(step):'; indent it further than '\(step)', or write - \(step): { \(key.value): … }",
                    at: key.location)
            } else if options.names.contains(key.value) {
                context.error(
                    "'\(key.value)' belongs under '\(step):', beside the event; write - \(step): { \(event): …, \(key.value): \(EventPatternParser.shown(value, or: "…")) }",
                    at: key.location)
            } else {
                continue
            }
            misplaced.append(key)
        }
        return misplaced
    }

    private func isEmptyMapping(_ node: YAMLNode) -> Bool {
        if case .mapping(let pairs) = node.value { return pairs.isEmpty }
        return false
    }

    // MARK: - Sending and expecting

    private func send(_ node: YAMLNode) -> SendStep? {
        if case .scalar = node.value {
            return context.template(node).map { SendStep(text: $0.refusingEmpty) }
        }
        guard let reader = MappingReader(node, context, expected: "the message text, or { text: …, wait: false }") else {
            return nil
        }
        reader.rejectUnknownKeys(allowed: OptionKeys.send, in: "'send'", context)
        reader.require(OptionKeys.send, in: "'send'", context)
        guard let textNode = reader["text"], let text = context.template(textNode) else { return nil }
        let wait = reader["wait"].flatMap(context.bool) ?? true
        return SendStep(text: text.refusingEmpty, waitForTurn: wait)
    }

    func expectation(_ node: YAMLNode) -> Expectation? {
        guard let (pattern, reader) = patterns.parse(node, extraKeys: OptionKeys.expectation, step: "expect") else {
            return nil
        }
        let within = reader?["within"].flatMap(context.duration)
        let latency = reader?["latency"].map(latencyChecks) ?? []
        let count = reader?["count"].flatMap(countMatcher)
        return Expectation(pattern: pattern, within: within, latency: latency, count: count, location: node.location)
    }

    /// `count: 1` or `count: { gte: 2 }`: a whole number, or number bounds.
    private func countMatcher(_ node: YAMLNode) -> Matcher? {
        let shape = "a count like 1 or { gte: 2 }"
        if case .scalar = node.value {
            guard let number = context.integer(node, minimum: 0, "a count") else { return nil }
            return Matcher(.equals(.number(Double(number))), at: node.location)
        }
        guard case .mapping = node.value else {
            context.wrongShape(node, expected: shape)
            return nil
        }
        guard let matcher = MatcherParser(context: context).parse(node, .scalarValue) else { return nil }
        guard isCount(matcher) else {
            context.wrongShape(node, expected: shape)
            return nil
        }
        return matcher
    }

    /// Whether a matcher only says things about a number: comparisons with numbers, whole numbers,
    /// and `not`/`all`/`any`/`one_of` of those.
    private func isCount(_ matcher: Matcher) -> Bool {
        func whole(_ value: ValueTemplate) -> Bool {
            if case .number(let number) = value { return number >= 0 && number.rounded() == number }
            return false
        }
        switch matcher.kind {
        case .compare(_, .number): return true
        case .equals(let value): return whole(value)
        case .oneOf(let values): return values.allSatisfy(whole)
        case .not(let inner): return isCount(inner)
        case .all(let inner), .any(let inner): return inner.allSatisfy(isCount)
        case .compare(_, .duration), .contains, .containsIgnoringCase, .matches, .startsWith, .object, .jsonPath, .exists, .similar, .judge:
            return false
        }
    }

    private func latencyChecks(_ node: YAMLNode) -> [LatencyCheck] {
        guard let reader = MappingReader(node, context, expected: "a mapping like { first_token: { lt: 2s } }") else {
            return []
        }
        return reader.pairs.compactMap { key, value in
            guard let measure = LatencyMeasure(rawValue: key.value) else {
                let names = LatencyMeasure.allCases.map(\.rawValue)
                context.error(
                    "unknown latency '\(key.value)' (expected one of \(names.joined(separator: ", ")))\(Suggestion.hint(for: key.value, in: names))",
                    at: key.location)
                return nil
            }
            if case .scalar = value.value {
                context.wrongShape(value, expected: "a bound like { lt: 2s }", context: "latency '\(key.value)'")
                return nil
            }
            return MatcherParser(context: context).parse(value, .scalarValue).map { LatencyCheck(measure: measure, matcher: $0) }
        }
    }

    private func absence(_ node: YAMLNode) -> Absence? {
        guard let (pattern, reader) = patterns.parse(node, extraKeys: OptionKeys.absence, step: "expect_no") else { return nil }
        return Absence(pattern: pattern, window: reader?["for"].flatMap(context.duration), location: node.location)
    }

    private func sequence(_ node: YAMLNode) -> EventSequence? {
        var list = node
        var within: Duration?
        if case .mapping = node.value, let reader = MappingReader(node, context, expected: "") {
            reader.rejectUnknownKeys(allowed: OptionKeys.sequence, in: "'expect_sequence'", context)
            reader.require(OptionKeys.sequence, in: "'expect_sequence'", context)
            guard let events = reader["events"] else { return nil }
            list = events
            within = reader["within"].flatMap(context.duration)
        }
        guard case .sequence(let items) = list.value else {
            context.wrongShape(list, expected: "a list of events in the order they must arrive")
            return nil
        }
        let found = items.compactMap { patterns.parse($0, extraKeys: [], step: "expect_sequence")?.0 }
        guard found.count == items.count else { return nil }
        return EventSequence(patterns: found, within: within, location: node.location)
    }

    // MARK: - Interactive answers

    private func fill(_ step: MappingReader) -> FormFill? {
        var values: [Assignment] = []
        if let fillNode = step["fill"] {
            guard let reader = MappingReader(fillNode, context, expected: "a mapping of element ids to values") else { return nil }
            values = reader.pairs.map { Assignment(name: $0.key.value, value: context.valueTemplate($0.value), location: $0.key.location) }
        }
        let submit = step["submit"].flatMap { context.template($0, "the submit button's element id") }
        return FormFill(values: values, submit: submit)
    }

    private func click(_ node: YAMLNode) -> Click? {
        if case .scalar = node.value { return context.template(node, "an element id").map { Click(element: $0) } }
        guard let reader = MappingReader(node, context, expected: "an element id, or { element: …, card: …, refused: … }") else { return nil }
        reader.rejectUnknownKeys(allowed: OptionKeys.click, in: "'click'", context)
        reader.require(OptionKeys.click, in: "'click'", context)
        guard let element = reader["element"].flatMap({ context.template($0) }) else { return nil }
        let refused = reader["refused"].flatMap { MatcherParser(context: context).parse($0, .scalarValue) }
        return Click(element: element, card: reader["card"].flatMap { context.template($0) }, refused: refused)
    }

    private func schedule(_ node: YAMLNode) -> ScheduleSlot? {
        if case .scalar = node.value { return context.template(node, "a slot").map { ScheduleSlot(slot: $0) } }
        guard let reader = MappingReader(node, context, expected: "a slot like 2026-11-23T09:30, or { slot: …, scheduler: …, refused: … }")
        else { return nil }
        reader.rejectUnknownKeys(allowed: OptionKeys.schedule, in: "'schedule'", context)
        reader.require(OptionKeys.schedule, in: "'schedule'", context)
        guard let slot = reader["slot"].flatMap({ context.template($0) }) else { return nil }
        let refused = reader["refused"].flatMap { MatcherParser(context: context).parse($0, .scalarValue) }
        return ScheduleSlot(slot: slot, scheduler: reader["scheduler"].flatMap { context.template($0) }, refused: refused)
    }

    private func toolResponse(_ node: YAMLNode) -> ToolResponse? {
        guard let reader = MappingReader(node, context, expected: "a mapping like { name: confirm_action, result: approved }")
        else { return nil }
        reader.rejectUnknownKeys(allowed: OptionKeys.respondTool, in: "'respond_tool'", context)
        reader.require(OptionKeys.respondTool, in: "'respond_tool'", context)
        if reader["name"] == nil, reader["id"] == nil {
            context.error("'respond_tool' needs the tool's 'name' or the call's 'id'", at: node.location)
        }
        guard let result = reader["result"] else { return nil }
        return ToolResponse(
            name: reader["name"].flatMap { context.template($0) }, callID: reader["id"].flatMap { context.template($0) },
            result: context.valueTemplate(result))
    }

    private func resume(_ node: YAMLNode) -> Resume? {
        if case .scalar = node.value {
            return context.word(node, ResumeDecision.self, what: "decision").map { Resume(decision: $0) }
        }
        guard let reader = MappingReader(node, context, expected: "approve, deny, or { decision: …, payload: … }") else { return nil }
        reader.rejectUnknownKeys(allowed: OptionKeys.resume, in: "'resume'", context)
        reader.require(OptionKeys.resume, in: "'resume'", context)
        guard let decision = reader["decision"].flatMap({ context.word($0, ResumeDecision.self, what: "decision") }) else {
            return nil
        }
        return Resume(
            decision: decision, payload: reader["payload"].map(context.valueTemplate),
            interrupt: reader["interrupt"].flatMap { context.template($0) })
    }
}
