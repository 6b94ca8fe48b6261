import ParleyModel

/// JSON Schemas (draft 2020-12) for flow files and parley.yaml, built from the same keyword tables the
/// parser uses, so an editor and `parley validate` agree on what a file may say.
public enum SchemaExporter {
    static let draft = "https://json-schema.org/draft/2020-12/schema"

    /// The schema of `*.flow.yaml` files; inline agents may name `catalog`'s connectors.
    public static func flowSchema(catalog: Catalog = .builtIn) -> JSONValue {
        let header: [(String, JSONValue)] = [
            ("flow", describe(string, "The flow's name, shown in reports.")),
            ("description", string),
            ("tags", anyOf([string, array(string)])),
            ("agent", anyOf([describe(string, "An agent named in parley.yaml."), ref("agent")])),
            ("timeout", ref("duration")),
            ("vars", ref("variables")),
            ("data", anyOf([describe(string, "A CSV file with a header row."), array(ref("variables"))])),
            ("steps", ref("steps")),
        ]
        assert(header.map(\.0) == FlowKey.allCases.map(\.rawValue))
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

    static func stepDefinitions() -> [(String, JSONValue)] {
        // A template is any scalar written as text: the parser reads `send: 42` as the text "42".
        let template = describe(.object([JSONMember("type", ["string", "number", "boolean"])]), "Text; ${name}, ${env.NAME} and ${secret.NAME} are replaced.")
        let value = ref("value")
        let eventName = ref("eventName")
        let steps = ref("steps")
        func step(_ keyword: StepKeyword, _ schema: JSONValue, companions: [(StepKeyword, JSONValue)] = [], required: [StepKeyword]? = nil) -> JSONValue {
            object([(keyword.rawValue, schema)] + companions.map { ($0.0.rawValue, $0.1) }, required: (required ?? [keyword]).map(\.rawValue))
        }
        let conditionSchema = ref("condition")
        let stepVariants: [JSONValue] = StepKeyword.allCases.compactMap { keyword -> JSONValue? in
            switch keyword {
            case .send: return step(.send, anyOf([template, object([("text", template), ("wait", boolean)], required: ["text"])]))
            case .expect: return step(.expect, ref("expectation"))
            case .expectNo: return step(.expectNo, ref("absence"))
            case .expectSequence:
                return step(.expectSequence, anyOf([array(ref("eventPattern")), object([("events", array(ref("eventPattern"))), ("within", ref("duration"))], required: ["events"])]))
            case .tap: return step(.tap, template)
            case .fill: return step(.fill, ref("variables"), companions: [(.submit, template)])
            case .submit: return step(.submit, template)
            case .click: return step(.click, anyOf([template, object([("element", template), ("card", template), ("refused", ref("scalarMatcher"))], required: ["element"])]))
            case .schedule: return step(.schedule, anyOf([template, object([("slot", template), ("scheduler", template), ("refused", ref("scalarMatcher"))], required: ["slot"])]))
            case .respondTool:
                return step(.respondTool, object([("name", template), ("id", template), ("result", value)], required: ["result"]))
            case .resume:
                let decision = enumeration(ResumeDecision.allCases.map(\.rawValue))
                return step(.resume, anyOf([decision, object([("decision", decision), ("payload", value), ("interrupt", template)], required: ["decision"])]))
            case .end: return step(.end, anyOf([.object([JSONMember("type", "null")]), object([])]))
            case .typing: return step(.typing, anyOf([.object([JSONMember("type", "null")]), object([])]))
            case .wait: return step(.wait, ref("duration"))
            case .set: return step(.set, ref("variables"))
            case .capture:
                let capture = object([("from", eventName), ("regex", string), ("group", integer(minimum: 0)), ("json_path", string), ("within", ref("duration"))], required: ["from"])
                return step(.capture, .object([JSONMember("type", "object"), JSONMember("additionalProperties", anyOf([eventName, capture]))]))
            case .if: return step(.if, conditionSchema, companions: [(.then, steps), (.else, steps)], required: [.if, .then])
            case .repeat:
                return step(.repeat, object([("times", integer(minimum: 1)), ("until", conditionSchema), ("max", integer(minimum: 1)), ("steps", steps)], required: ["steps"]))
            case .include: return step(.include, string, companions: [(.with, ref("variables"))])
            case .retry:
                let causes = array(enumeration(RetryCause.allCases.map(\.rawValue)))
                return step(.retry, object([("attempts", integer(minimum: 2)), ("on", anyOf([enumeration(RetryCause.allCases.map(\.rawValue)), causes])), ("delay", ref("duration")), ("steps", steps)], required: ["steps"]))
            case .log: return step(.log, template)
            case .then, .else, .with: return nil
            }
        }
        let condition = anyOf([
            object([("var", string), ("is", ref("matcher"))], required: ["var", "is"]),
            object([("received", ref("eventPattern"))], required: ["received"]),
            object([("all", array(conditionSchema))], required: ["all"]),
            object([("any", array(conditionSchema))], required: ["any"]),
            object([("not", conditionSchema)], required: ["not"]),
        ])
        return [
            ("steps", array(ref("step"))),
            ("step", anyOf([enumeration([StepKeyword.end.rawValue, StepKeyword.typing.rawValue])] + stepVariants)),
            ("condition", condition),
            ("duration", describe(.object([JSONMember("type", "string"), JSONMember("pattern", #"^([0-9]+(\.[0-9]+)?(ms|s|m|h|d))+$"#)]), "A duration like 250ms, 5s, 2m, 1m30s or 30d.")),
            ("variables", .object([JSONMember("type", "object"), JSONMember("propertyNames", .object([JSONMember("pattern", #"^[A-Za-z_][A-Za-z0-9_-]*$"#)])), JSONMember("additionalProperties", value)])),
            ("value", .object([])),
        ]
    }

    // MARK: - Shorthands

    static let string: JSONValue = .object([JSONMember("type", "string")])
    static let boolean: JSONValue = .object([JSONMember("type", "boolean")])
    static let scalar: JSONValue = .object([JSONMember("type", ["string", "number", "boolean", "null"])])

    static func integer(minimum: Int) -> JSONValue {
        .object([JSONMember("type", "integer"), JSONMember("minimum", .number(Double(minimum)))])
    }

    static func ref(_ name: String) -> JSONValue { .object([JSONMember("$ref", .string("#/$defs/\(name)"))]) }
    static func array(_ items: JSONValue) -> JSONValue { .object([JSONMember("type", "array"), JSONMember("items", items)]) }
    static func anyOf(_ schemas: [JSONValue]) -> JSONValue { .object([JSONMember("anyOf", .array(schemas))]) }
    static func enumeration(_ values: [String]) -> JSONValue { .object([JSONMember("enum", .array(values.map(JSONValue.string)))]) }

    static func describe(_ schema: JSONValue, _ text: String) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        members.append(JSONMember("description", .string(text)))
        return .object(members)
    }

    /// A closed object: the given properties and no others.
    static func object(_ properties: [(String, JSONValue)], required: [String] = []) -> JSONValue {
        var members = [JSONMember("type", "object"), JSONMember("properties", .object(properties.map { JSONMember($0.0, $0.1) }))]
        if !required.isEmpty { members.append(JSONMember("required", .array(required.map(JSONValue.string)))) }
        members.append(JSONMember("additionalProperties", false))
        return .object(members)
    }
}
