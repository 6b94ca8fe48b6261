import ParleyModel

/// Variables and control flow: `set`, `capture`, `if`, `repeat`, `retry`.
extension StepParser {
    func assignments(_ node: YAMLNode, what: String) -> [Assignment]? {
        guard let reader = MappingReader(node, context, expected: "a mapping of names to values") else { return nil }
        return reader.pairs.compactMap { key, value in
            context.identifier(key, what).map { Assignment(name: $0, value: context.valueTemplate(value), location: key.location) }
        }
    }

    func captures(_ node: YAMLNode) -> [Capture]? {
        guard let reader = MappingReader(node, context, expected: "a mapping like { tracking: { from: reply, regex: \"(\\\\w+)\" } }")
        else { return nil }
        return reader.pairs.compactMap { key, spec in
            guard let name = context.identifier(key, "variable name") else { return nil }
            if case .scalar(let source, _) = spec.value {
                return patterns.kind(named: source, at: spec.location).map {
                    Capture(name: name, source: $0, extraction: .whole, location: key.location)
                }
            }
            guard let fields = MappingReader(spec, context, expected: "an event name, or { from: …, regex: … }") else { return nil }
            fields.rejectUnknownKeys(allowed: OptionKeys.capture, in: "'capture'", context)
            fields.require(OptionKeys.capture, in: "capture '\(name)'", context)
            guard let fromNode = fields["from"], let sourceName = context.string(fromNode, "an event name"),
                let source = patterns.kind(named: sourceName, at: fromNode.location)
            else { return nil }
            let extraction: Capture.Extraction
            switch (fields["regex"], fields["json_path"]) {
            case (let regexNode?, nil):
                guard let regex = context.template(regexNode, "a regular expression") else { return nil }
                context.checkRegex(regex)
                let group = fields["group"].flatMap { context.integer($0, minimum: 0, "a group number") } ?? 1
                extraction = .regex(regex, group: group)
            case (nil, let pathNode?):
                guard let path = context.string(pathNode, "a JSON path like $.args.order_id") else { return nil }
                guard path.hasPrefix("$") else {
                    context.error("JSON path '\(path)' must start with '$', like '$.args.order_id'", at: pathNode.location)
                    return nil
                }
                extraction = .jsonPath(path)
            case (nil, nil):
                extraction = .whole
            case (_?, let pathNode?):
                context.error("capture '\(name)' has both 'regex' and 'json_path'; use one", at: pathNode.location)
                return nil
            }
            let within = fields["within"].flatMap(context.duration)
            return Capture(name: name, source: source, extraction: extraction, within: within, location: key.location)
        }
    }

    func conditional(_ condition: YAMLNode, _ step: MappingReader) -> Conditional? {
        guard let thenNode = step["then"] else {
            context.error("'if' needs 'then:' with the steps to run when the condition holds", at: step.node.location)
            return nil
        }
        let parsed = self.condition(condition)
        let then = parseList(thenNode)
        let otherwise = step["else"].map { parseList($0) } ?? []
        return parsed.map { Conditional(condition: $0, then: then, otherwise: otherwise) }
    }

    /// `{ var: x, is: … }`, `{ received: <event> }`, `{ all: […] }`, `{ any: […] }`, `{ not: … }`.
    func condition(_ node: YAMLNode) -> Condition? {
        let shape = "a condition like { var: tier, is: gold } or { received: { reply: { contains: refund } } }"
        guard let reader = MappingReader(node, context, expected: shape) else { return nil }
        let forms = OptionKeys.condition.names.filter { $0 != "is" }
        // `if: { reply: … }` reads like a check on what the agent sent; say how to write one.
        for (key, _) in reader.pairs where EventKind(rawValue: key.value) != nil {
            context.error(
                "a condition on what the agent sent is written { received: { \(key.value): … } }; '\(key.value)' alone is not a condition",
                at: key.location)
        }
        if reader.pairs.contains(where: { EventKind(rawValue: $0.key.value) != nil }) { return nil }
        reader.rejectUnknownKeys(allowed: OptionKeys.condition, in: "condition", context)
        let written = reader.pairs.filter { forms.contains($0.key.value) }
        if written.count > 1 {
            context.error(
                "a condition takes one of \(forms.joined(separator: ", ")), not both '\(written[0].key.value)' and '\(written[1].key.value)'; combine them with 'all: […]' or 'any: […]'",
                at: written[1].key.location)
            return nil
        }
        if let nameNode = reader["var"] {
            guard let isNode = reader["is"] else {
                context.error("condition on 'var' needs 'is:' with a value or matcher", at: node.location)
                return nil
            }
            guard let name = context.string(nameNode, "a variable name"),
                let matcher = MatcherParser(context: context).parse(isNode, .structured)
            else { return nil }
            return .variable(Located(name, at: nameNode.location), matcher)
        }
        if let received = reader["received"] {
            return patterns.parse(received, extraKeys: [], step: "received").map { .received($0.0) }
        }
        for form in ["all", "any"] {
            guard let list = reader[form] else { continue }
            guard case .sequence(let items) = list.value else {
                context.wrongShape(list, expected: "a list of conditions")
                return nil
            }
            let inner = items.compactMap(condition)
            return form == "all" ? .all(inner) : .any(inner)
        }
        if let inner = reader["not"] { return condition(inner).map(Condition.not) }
        if reader.pairs.allSatisfy({ forms.contains($0.key.value) || $0.key.value == "is" }) {
            context.wrongShape(node, expected: shape)
        }
        return nil
    }

    func loop(_ node: YAMLNode) -> Loop? {
        guard let reader = MappingReader(node, context, expected: "a mapping like { times: 3, steps: […] }") else { return nil }
        reader.rejectUnknownKeys(allowed: OptionKeys.repeat, in: "'repeat'", context)
        reader.require(OptionKeys.repeat, in: "'repeat'", context)
        let steps = reader["steps"].map { parseList($0) } ?? []
        switch (reader["times"], reader["until"]) {
        case (let times?, nil):
            return context.integer(times, minimum: 1, "a count").map { Loop(bound: .times($0), steps: steps) }
        case (nil, let until?):
            let max = reader["max"].flatMap { context.integer($0, minimum: 1, "a count") } ?? 10
            return condition(until).map { Loop(bound: .until($0, max: max), steps: steps) }
        case (nil, nil):
            context.error("'repeat' needs 'times:' or 'until:'", at: node.location)
        case (_?, let until?):
            context.error("'repeat' takes 'times:' or 'until:', not both", at: until.location)
        }
        return nil
    }

    func retry(_ node: YAMLNode) -> Retry? {
        guard let reader = MappingReader(node, context, expected: "a mapping like { attempts: 3, on: [timeout], steps: […] }")
        else { return nil }
        reader.rejectUnknownKeys(allowed: OptionKeys.retry, in: "'retry'", context)
        reader.require(OptionKeys.retry, in: "'retry'", context)
        let attempts = reader["attempts"].flatMap { context.integer($0, minimum: 2, "attempts") } ?? 2
        var causes: [RetryCause] = [.timeout, .transport]
        if let on = reader["on"] {
            causes = context.stringList(on, "a failure kind").compactMap { word in
                context.word(YAMLNode(value: .scalar(word.value, quoted: false), location: word.location), RetryCause.self, what: "failure kind")
            }
        }
        let delay = reader["delay"].flatMap(context.duration)
        let steps = reader["steps"].map { parseList($0) } ?? []
        return Retry(attempts: attempts, on: causes, delay: delay, steps: steps)
    }
}
