import ParleyModel

/// JSON Schemas (draft 2020-12) for flow files and parley.yaml, built from the same keyword tables the
/// parser uses, so an editor and `parley validate` agree on what a file may say. Every key's
/// description comes from those tables too: `FlowKey`, `StepKeyword`, `EventKind` and its
/// fields, `MatcherKeyword`, `OptionKeys` and the catalog's settings.
public enum SchemaExporter {
    static let draft = "https://json-schema.org/draft/2020-12/schema"

    /// The schema of `*.flow.yaml` files; inline agents may name `catalog`'s connectors.
    public static func flowSchema(catalog: Catalog = .builtIn) -> JSONValue {
        let header: [(String, JSONValue)] = FlowKey.allCases.map { key in
            let schema: JSONValue
            switch key {
            case .flow, .description: schema = string
            case .tags: schema = .object([JSONMember("type", ["string", "array"]), JSONMember("items", string)])
            case .agent: schema = when(["string"], then: string, otherwise: ref("agent"))
            case .timeout: schema = ref("duration")
            case .vars: schema = ref("variables")
            case .data: schema = when(["string"], then: string, otherwise: array(ref("variables")))
            case .steps: schema = ref("steps")
            }
            return (key.rawValue, describe(schema, key.summary))
        }
        var definitions = stepDefinitions() + matcherDefinitions() + eventDefinitions()
        definitions += ProjectSchema.agentDefinitions(catalog)
        return document(
            id: "flow.schema.json", title: "Parley flow",
            root: object(header, required: ["flow", "steps"]), definitions: definitions)
    }

    /// The schema of `parley.yaml`, naming `catalog`'s connectors and plugins.
    public static func projectSchema(catalog: Catalog = .builtIn) -> JSONValue {
        ProjectSchema.schema(catalog)
    }

    static func document(id: String, title: String, root: JSONValue, definitions: [(String, JSONValue)]) -> JSONValue {
        guard case .object(var members) = root else { return root }
        members.insert(contentsOf: [JSONMember("$schema", .string(draft)), JSONMember("$id", .string(id)), JSONMember("title", .string(title))], at: 0)
        members.append(JSONMember("$defs", .object(definitions.map { JSONMember($0.0, $0.1) })))
        return .object(members)
    }

    // MARK: - Steps

    /// A template is any scalar written as text: the parser reads `send: 42` as the text "42".
    static let template = describe(
        .object([JSONMember("type", ["string", "number", "boolean"])]), "Text; ${name}, ${env.NAME} and ${secret.NAME} are replaced.")

    static func stepDefinitions() -> [(String, JSONValue)] {
        let value = ref("value")
        let steps = ref("steps")
        let nothing = JSONValue.object([JSONMember("type", ["null", "object"]), JSONMember("maxProperties", 0)])
        let stepValues: [(StepKeyword, JSONValue)] = StepKeyword.allCases.map { keyword in
            let schema: JSONValue
            switch keyword {
            case .send: schema = when(["object"], then: object(OptionKeys.send, ["text": template, "wait": boolean]), otherwise: template)
            case .expect: schema = ref("expectation")
            case .expectNo: schema = ref("absence")
            case .expectSequence:
                let events = array(ref("eventPattern"))
                schema = when(["array"], then: events, otherwise: object(OptionKeys.sequence, ["events": events, "within": ref("duration")]))
            case .tap, .submit, .log: schema = template
            case .fill, .set, .with: schema = ref("variables")
            case .click:
                schema = when(
                    ["object"], then: object(OptionKeys.click, ["element": template, "card": template, "refused": ref("scalarMatcher")]),
                    otherwise: template)
            case .schedule:
                schema = when(
                    ["object"], then: object(OptionKeys.schedule, ["slot": template, "scheduler": template, "refused": ref("scalarMatcher")]),
                    otherwise: template)
            case .respondTool: schema = object(OptionKeys.respondTool, ["name": template, "id": template, "result": value])
            case .resume:
                let decision = enumeration(ResumeDecision.allCases.map(\.rawValue))
                schema = when(
                    ["object"], then: object(OptionKeys.resume, ["decision": decision, "payload": value, "interrupt": template]),
                    otherwise: decision)
            case .end, .typing: schema = nothing
            case .wait: schema = ref("duration")
            case .capture:
                let capture = object(
                    OptionKeys.capture,
                    ["from": ref("eventName"), "regex": string, "group": integer(minimum: 0), "json_path": string, "within": ref("duration")])
                schema = .object([
                    JSONMember("type", "object"), JSONMember("propertyNames", ref("variableName")),
                    JSONMember("additionalProperties", when(["string"], then: ref("eventName"), otherwise: capture)),
                ])
            case .if: schema = ref("condition")
            case .then, .else: schema = steps
            case .repeat:
                schema = object(
                    OptionKeys.repeat, ["times": integer(minimum: 1), "until": ref("condition"), "max": integer(minimum: 1), "steps": steps])
            case .include: schema = string
            case .retry:
                let cause = enumeration(RetryCause.allCases.map(\.rawValue))
                schema = object(
                    OptionKeys.retry,
                    ["attempts": integer(minimum: 2), "on": when(["array"], then: array(cause), otherwise: cause), "delay": ref("duration"), "steps": steps])
            }
            return (keyword, describe(schema, keyword.summary))
        }
        let bare = [StepKeyword.end, .typing]
        return [
            ("steps", array(ref("step"))),
            (
                "step",
                when(
                    ["string"], then: describe(enumeration(bare.map(\.rawValue)), bare.map { "\($0.rawValue): \($0.summary)" }.joined(separator: " ")),
                    otherwise: stepObject(stepValues))
            ),
            ("condition", conditionDefinition()),
            ("duration", describe(.object([JSONMember("type", "string"), JSONMember("pattern", #"^([0-9]+(\.[0-9]+)?(ms|s|m|h|d))+$"#)]), "A duration like 250ms, 5s, 2m, 1m30s or 30d.")),
            ("variableName", .object([JSONMember("pattern", #"^[A-Za-z_][A-Za-z0-9_-]*$"#)])),
            ("variables", .object([JSONMember("type", "object"), JSONMember("propertyNames", ref("variableName")), JSONMember("additionalProperties", value)])),
            ("value", .object([])),
        ]
    }

    /// One step as a mapping: every step keyword is a property (so an editor completes and
    /// explains them all, and a misspelt one is named as unexpected), and each keyword present
    /// allows only its companions beside it, as `StepParser.companions` says.
    private static func stepObject(_ values: [(StepKeyword, JSONValue)]) -> JSONValue {
        let leaders = StepParser.stepNames.compactMap(StepKeyword.init(rawValue:))
        var companionOf: [String: [String]] = [:]
        for (leader, companions) in StepParser.companions {
            for companion in companions where !leaders.contains(companion) { companionOf[companion.rawValue, default: []].append(leader.rawValue) }
        }
        let rules: [JSONValue] = leaders.map { leader in
            // A keyword's companions, and the keywords it is a companion of (`submit` beside `fill`).
            let partners = (StepParser.companions[leader] ?? []) + StepParser.companions.filter { $0.value.contains(leader) }.map(\.key).sorted { $0.rawValue < $1.rawValue }
            var then = onlyKeys(([leader] + partners).map(\.rawValue))
            if leader == .if { then = with(then, [JSONMember("required", [.string(StepKeyword.then.rawValue)])]) }
            return whenPresent(leader.rawValue, then: then)
        }
        return .object([
            JSONMember("type", "object"),
            JSONMember("properties", .object(values.map { JSONMember($0.0.rawValue, $0.1) })),
            JSONMember("additionalProperties", false),
            JSONMember("minProperties", 1),
            JSONMember("dependentRequired", .object(companionOf.sorted { $0.key < $1.key }.map { JSONMember($0.key, .array($0.value.map(JSONValue.string))) })),
            JSONMember("allOf", .array(rules)),
        ])
    }

    /// A condition: exactly one of its forms (`var` with `is`), each key explained.
    private static func conditionDefinition() -> JSONValue {
        let condition = ref("condition")
        let forms = properties(
            OptionKeys.condition,
            [
                "var": string, "is": ref("matcher"), "received": ref("eventPattern"), "all": array(condition), "any": array(condition),
                "not": condition,
            ])
        let rules: [JSONValue] = OptionKeys.condition.names.filter { $0 != "is" }.map { form in
            whenPresent(form, then: onlyKeys(form == "var" ? ["var", "is"] : [form]))
        }
        return with(
            object(forms),
            [
                JSONMember("minProperties", 1),
                JSONMember("dependentRequired", .object([JSONMember("var", ["is"]), JSONMember("is", ["var"])])),
                JSONMember("allOf", .array(rules)),
            ])
    }
}
