import ParleyModel
import ParleyParser

/// Reads `rules:`: each rule's `when`, `lookup` and `play` or `cycle`, and checks its templates
/// against what the rule binds.
struct RuleReader {
    let context: ParseContext
    let tables: [String: [String: JSONValue]]
    let plays: PlayReader

    static let ruleKeys = ["id", "when", "lookup", "play", "cycle"]
    static let qualifiers = ["state", "memory"]
    /// Options that only make sense beside one trigger.
    static let companions = ["card": "click", "result": "tool_result", "interrupt": "resume"]
    /// Names a lookup may not take: they already mean something in templates.
    static let reserved = ["memory", "values", "slot", "result", "payload", "env", "secret"]

    func rules(_ node: YAMLNode) -> [ScriptRule] {
        guard case .sequence(let items) = node.value else {
            context.wrongShape(node, expected: "a list of rules, each like '- when: { text: hello }'")
            return []
        }
        var seen: [String: SourceLocation] = [:]
        return items.enumerated().compactMap { index, item in
            guard let rule = rule(item, number: index + 1) else { return nil }
            if let first = seen[rule.id] {
                context.error("duplicate rule id '\(rule.id)' (first used at line \(first.line))", at: rule.location)
            }
            seen[rule.id] = rule.location
            return rule
        }
    }

    private func rule(_ node: YAMLNode, number: Int) -> ScriptRule? {
        guard let map = MappingReader(node, context, expected: "a rule: a mapping with 'when:' and 'play:'") else { return nil }
        map.rejectUnknownKeys(allowed: Self.ruleKeys, in: "a rule", context)
        map.require(["when"], in: "a rule", context)
        let id = map["id"].flatMap { context.string($0, "the rule's id") } ?? "rule \(number)"
        let conditions = map["when"].map(conditions) ?? []
        var scope = ReferenceScope(conditions: conditions)
        let lookup = map["lookup"].flatMap { self.lookup($0, scope: scope) }
        if let lookup {
            let rows: [JSONValue] = tables[lookup.table].map { Array($0.values) } ?? []
            let fields = Set(
                rows.flatMap { row -> [String] in
                    if case .object(let members) = row { return members.map(\.key) }
                    return []
                })
            scope.lookup = (lookup.name, lookup.table, fields.sorted())
        } else if let node = map["lookup"], case .mapping(let pairs) = node.value,
            let name = pairs.first(where: { $0.key.value == "as" }), case .scalar(let text, _) = name.value.value
        {
            // The lookup was reported already; knowing its name spares a cascade of unknown references.
            scope.lookup = (text, "", [])
        }
        let body: RuleBody?
        switch (map["play"], map["cycle"]) {
        case (let play?, nil): body = .play(plays.steps(play))
        case (nil, let plays?): body = cycleBody(plays)
        case (_?, _?):
            context.error("a rule has either 'play' or 'cycle', not both", at: node.location)
            body = nil
        case (nil, nil):
            context.error("a rule needs 'play' (or 'cycle')", at: node.location)
            body = nil
        }
        guard let body, map["when"] != nil else { return nil }
        let steps: [PlayStep]
        switch body {
        case .play(let list): steps = list
        case .cycle(let lists): steps = lists.flatMap { $0 }
        }
        for step in steps { step.kind.templates.forEach { scope.check($0, context) } }
        return ScriptRule(id: id, when: conditions, lookup: lookup, body: body, location: node.location)
    }

    private func cycleBody(_ node: YAMLNode) -> RuleBody? {
        guard case .sequence(let items) = node.value, !items.isEmpty else {
            context.wrongShape(node, expected: "a list of plays (each a list of events), used one after another")
            return nil
        }
        return .cycle(items.map { plays.steps($0) })
    }

    // MARK: - when

    private func conditions(_ node: YAMLNode) -> [RuleCondition] {
        if case .sequence(let items) = node.value, items.isEmpty {
            context.wrongShape(node, expected: "a trigger like { text: hello }, or a list of them")
        }
        return context.list(node).compactMap(condition)
    }

    private func condition(_ node: YAMLNode) -> RuleCondition? {
        guard let map = MappingReader(node, context, expected: "a trigger like { text: hello } or { tap: Yes }") else { return nil }
        let allowed = ScriptTrigger.keywords + Self.qualifiers + Self.companions.keys.sorted()
        map.rejectUnknownKeys(allowed: allowed, in: "'when'", context)
        let triggers = map.pairs.filter { ScriptTrigger.keywords.contains($0.key.value) }
        guard let (key, value) = triggers.first else {
            // A misspelled trigger was reported as an unknown key; one message is enough.
            if map.pairs.contains(where: { !allowed.contains($0.key.value) }) { return nil }
            context.error("'when' needs a trigger: one of \(ScriptTrigger.keywords.joined(separator: ", "))", at: node.location)
            return nil
        }
        if triggers.count > 1 {
            context.error(
                "one trigger per 'when' entry: found '\(key.value)' and '\(triggers[1].key.value)'; write a list of entries to match either",
                at: triggers[1].key.location)
            return nil
        }
        for (option, _) in map.pairs {
            if let trigger = Self.companions[option.value], trigger != key.value {
                context.error("'\(option.value)' goes with a '\(trigger)' trigger, not '\(key.value)'", at: option.location)
            }
        }
        guard let trigger = trigger(key.value, value, map) else { return nil }
        let state = map["state"].flatMap { context.string($0, "a state name") }
        var memory: [JSONMember] = []
        if let node = map["memory"], let values = MappingReader(node, context, expected: "a mapping like { tier: gold }") {
            memory = values.pairs.map { JSONMember($0.key.value, context.json($0.value)) }
        }
        return RuleCondition(trigger: trigger, state: state, memory: memory, location: node.location)
    }

    private func trigger(_ keyword: String, _ value: YAMLNode, _ map: MappingReader) -> ScriptTrigger? {
        func name(_ what: String) -> String? { context.string(value, what) }
        switch keyword {
        case "text":
            guard let pattern = name("a regular expression") else { return nil }
            do {
                return .text(try ScriptRegex(pattern))
            } catch {
                context.error("invalid regular expression '\(pattern)'", at: value.location)
                return nil
            }
        case "tap": return name("the suggestion's text").map(ScriptTrigger.tap)
        case "submit": return name("a form's message id").map { .submit(formID: $0) }
        case "click":
            let card = map["card"].flatMap { context.string($0, "a card's message id") }
            return name("a button's element id").map { .click(elementID: $0, card: card) }
        case "schedule": return name("a scheduler's message id").map { .schedule(schedulerID: $0) }
        case "tool_result": return name("a tool name").map { .toolResult(tool: $0, result: map["result"].map(context.json)) }
        case "resume":
            let interrupt = map["interrupt"].flatMap { context.string($0, "an interrupt id") }
            return context.word(value, ResumeDecision.self, what: "decision").map { .resume($0, interruptID: interrupt) }
        case "end":
            guard context.bool(value) == true else {
                if value.scalarMeaning == .bool(false) {
                    context.error("'end: false' never matches; write 'end: true'", at: value.location)
                }
                return nil
            }
            return .end
        default:
            return nil  // only called with a keyword from ScriptTrigger.keywords
        }
    }

    // MARK: - lookup

    private func lookup(_ node: YAMLNode, scope: ReferenceScope) -> ScriptLookup? {
        guard let map = MappingReader(node, context, expected: "a mapping like { table: orders, key: \"${1}\", as: order }") else {
            return nil
        }
        map.rejectUnknownKeys(allowed: ["table", "key", "as"], in: "'lookup'", context)
        map.require(["table", "key", "as"], in: "'lookup'", context)
        var valid = true
        if let node = map["table"], let table = context.string(node, "a table name"), tables[table] == nil {
            let names = tables.keys.sorted()
            let known = names.isEmpty ? "the script has no 'tables:'" : "tables: \(names.joined(separator: ", "))"
            context.error("unknown table '\(table)' (\(known))\(Suggestion.hint(for: table, in: names))", at: node.location)
            valid = false
        }
        if let node = map["as"], let name = context.string(node, "a name for the row") {
            if !ParseContext.isIdentifier(name) {
                context.error(
                    "'\(name)' is not a valid name: use ASCII letters, digits, '_' or '-', starting with a letter", at: node.location)
                valid = false
            } else if Self.reserved.contains(name) {
                context.error("'\(name)' already means something in templates; name the row something else, like 'row'", at: node.location)
                valid = false
            }
        }
        guard valid, let tableNode = map["table"], let table = context.string(tableNode, "a table name"),
            let keyNode = map["key"], let key = context.scriptTemplate(keyNode, "the key: a template like \"${1}\""),
            let nameNode = map["as"], let name = context.string(nameNode, "a name")
        else { return nil }
        scope.check(key, context)
        return ScriptLookup(table: table, key: key, name: name)
    }
}
