import ParleyCore
import ParleyModel

extension EventLines {
    /// The JSON Schema (draft 2020-12) of one line, printed by `parley schema events`.
    ///
    /// Every line needs `version` and `type`; the known types are checked against their own
    /// definitions. Objects are open, and a type the schema does not know passes: within a
    /// version lines only gain keys and types, and a reader ignores what it does not know.
    public static func schema() -> JSONValue {
        let types = lineDefinitions()
        let dispatch: [JSONValue] = types.map { type, _ in
            .object([
                JSONMember("if", .object([JSONMember("properties", .object([JSONMember("type", constant(.string(type)))])), JSONMember("required", ["type"])])),
                JSONMember("then", ref(type)),
            ])
        }
        return .object([
            JSONMember("$schema", "https://json-schema.org/draft/2020-12/schema"),
            JSONMember("$id", "events.schema.json"),
            JSONMember("title", "Parley event line (the exec plugin's standard input)"),
            JSONMember(
                "description",
                .string(
                    "One JSON object per line. Within a version lines only gain keys and types; a reader ignores keys and types it does not know. Version \(version)."
                )),
            JSONMember("type", "object"),
            JSONMember(
                "properties",
                .object([
                    JSONMember("version", describe(constant(.number(Double(version))), "The format's version.")),
                    JSONMember(
                        "type",
                        describe(string, "What happened: \(types.map(\.0).joined(separator: ", ")); a reader skips types it does not know.")),
                ])),
            JSONMember("required", ["version", "type"]),
            JSONMember("allOf", .array(dispatch)),
            JSONMember("$defs", .object((types + shapeDefinitions()).map { JSONMember($0.0, $0.1) })),
        ])
    }

    /// One definition per line type, in the order a run writes them.
    private static func lineDefinitions() -> [(String, JSONValue)] {
        let seconds = number(minimum: 0)
        let suite: [(String, JSONValue)] = [("type", string), ("version", integer), ("suite_time", describe(seconds, "Seconds from the run's start."))]
        let flow: [(String, JSONValue)] =
            suite + [
                ("time", describe(seconds, "Seconds from the flow run's start.")),
                ("flow", describe(string, "The flow run's id: its path, with #rowN, #repN and the like when it has them.")),
            ]
        let flowKeys = ["type", "version", "suite_time", "time", "flow"]
        let stepOutcome = outcomeProperties(flow: false)
        let flowOutcome = outcomeProperties(flow: true)
        return [
            (
                "run_started",
                object(
                    suite + [("flows", describe(integer, "How many flow runs the run will make (first attempts).")), ("runs", array(ref("run")))],
                    required: ["type", "version", "suite_time", "flows", "runs"])
            ),
            ("flow_started", object(flow + [("run", ref("run"))], required: flowKeys + ["run"])),
            ("step_started", object(flow + [("step", ref("step"))], required: flowKeys + ["step"])),
            (
                "user_action",
                object(
                    flow + [
                        ("action", describe(string, "send, tap, submit, click, schedule, respond_tool, resume, typing or end.")),
                        ("fields", describe(anyObject, "The action's values.")),
                    ], required: flowKeys + ["action", "fields"])
            ),
            (
                "agent_event",
                object(
                    flow + [
                        ("kind", describe(string, "The event as a flow names it (reply, tool_call, handoff, …), or raw.")),
                        ("kinds", describe(array(string), "Every name the event answers to.")),
                        ("offset", describe(seconds, "Seconds from the user action that opened its turn.")),
                        ("fields", describe(anyObject, "The event's fields, named as flows match them.")),
                    ], required: flowKeys + ["kind", "kinds", "offset", "fields"])
            ),
            (
                "step_finished",
                object(
                    flow + [("step", ref("step"))] + stepOutcome + [("duration", seconds), ("latency", ref("latency"))],
                    required: flowKeys + ["step", "outcome", "duration"])
            ),
            ("log", object(flow + [("text", describe(string, "A log: step's text."))], required: flowKeys + ["text"])),
            (
                "flow_finished",
                object(
                    flow + flowOutcome + [("duration", seconds), ("events", describe(integer, "Agent events received."))],
                    required: flowKeys + ["outcome", "duration", "events"])
            ),
            (
                "run_finished",
                object(
                    suite + [("summary", describe(ref("report"), "The run as the files plugin's JSON report has it (docs/reports.md)."))],
                    required: ["type", "version", "suite_time", "summary"])
            ),
        ]
    }

    /// The shapes lines share: a flow run, a step, an outcome's failure, latencies and the report.
    private static func shapeDefinitions() -> [(String, JSONValue)] {
        let seconds = number(minimum: 0)
        let run: [(String, JSONValue)] = [
            ("id", string), ("name", string), ("path", string), ("location", string), ("tags", array(string)),
            ("row", describe(integer, "The data row, from 1; only with data:.")), ("repetition", integer), ("attempt", integer),
            ("agent", describe(string, "The agent of parley.yaml the flow run talks to.")),
        ]
        let runKeys = ["id", "name", "path", "location", "tags", "repetition", "attempt"]
        let step: [(String, JSONValue)] = [
            ("summary", string), ("location", string),
            ("depth", describe(integer, "Enclosing if, repeat, include and retry blocks.")),
        ]
        let deliveryCauses = DeliveryFailure.Cause.allCases.map(\.rawValue)
        return [
            ("run", object(run, required: runKeys)),
            ("step", object(step, required: ["summary", "location", "depth"])),
            (
                "failure",
                object(
                    [
                        ("message", string), ("location", string), ("file", string), ("line", integer), ("column", integer),
                        ("cause", enumeration(RetryCause.allCases.map(\.rawValue))), ("waited", seconds),
                    ], required: ["message", "location", "file", "line", "column", "cause", "waited"])
            ),
            ("latency", object(LatencyMeasure.allCases.map { ($0.rawValue, seconds) })),
            (
                "delivery_failure",
                object(
                    [
                        ("plugin", string), ("flow", string), ("url", string), ("attempts", integer), ("cause", enumeration(deliveryCauses)),
                        ("reason", string),
                    ], required: ["plugin", "url", "attempts", "cause", "reason"])
            ),
            (
                "step_result",
                object(
                    step + outcomeProperties(flow: false) + [("started", seconds), ("duration", seconds), ("latency", ref("latency"))],
                    required: ["summary", "location", "depth", "outcome", "started", "duration"])
            ),
            (
                "flow_result",
                object(
                    run + outcomeProperties(flow: true) + [
                        ("started", seconds), ("duration", seconds), ("events", integer), ("transcript", string),
                        ("delivery_failures", array(ref("delivery_failure"))), ("steps", array(ref("step_result"))),
                    ], required: runKeys + ["outcome", "started", "duration", "events", "steps"])
            ),
            ("report", report()),
        ]
    }

    /// The JSON report's document (docs/reports.md).
    private static func report() -> JSONValue {
        let seconds = number(minimum: 0)
        let counts = ["total", "passed", "flaky", "failed", "skipped"]
        let passRate = object(
            [("name", string), ("path", string), ("runs", integer), ("passed", integer), ("rate", number(minimum: 0))],
            required: ["name", "path", "runs", "passed", "rate"])
        return object(
            [
                ("version", describe(integer, "The report's own format version.")), ("started_at", describe(string, "ISO 8601, UTC.")),
                ("duration", seconds), ("interrupted", boolean), ("succeeded", boolean),
                ("counts", object(counts.map { ($0, integer) }, required: counts)),
                ("plugin_failures", array(string)), ("delivery_failures", array(ref("delivery_failure"))),
                ("pass_rates", array(passRate)), ("flows", array(ref("flow_result"))),
            ],
            required: ["version", "started_at", "duration", "interrupted", "succeeded", "counts", "plugin_failures", "delivery_failures", "flows"])
    }

    /// `outcome` and the keys that come with it: `failure`, `attempts` (a flaky step) or `reason` (a skipped flow).
    private static func outcomeProperties(flow: Bool) -> [(String, JSONValue)] {
        [("outcome", enumeration(["passed", "failed", "flaky", "skipped"])), ("failure", ref("failure"))]
            + (flow ? [("reason", describe(string, "Why a skipped flow did not run."))] : [("attempts", describe(integer, "The attempt that passed."))])
    }

    // MARK: - Shorthands

    private static let string: JSONValue = .object([JSONMember("type", "string")])
    private static let boolean: JSONValue = .object([JSONMember("type", "boolean")])
    private static let integer: JSONValue = .object([JSONMember("type", "integer"), JSONMember("minimum", 0)])
    private static let anyObject: JSONValue = .object([JSONMember("type", "object")])

    private static func number(minimum: Double) -> JSONValue {
        .object([JSONMember("type", "number"), JSONMember("minimum", .number(minimum))])
    }

    private static func constant(_ value: JSONValue) -> JSONValue { .object([JSONMember("const", value)]) }
    private static func ref(_ name: String) -> JSONValue { .object([JSONMember("$ref", .string("#/$defs/\(name)"))]) }
    private static func array(_ items: JSONValue) -> JSONValue { .object([JSONMember("type", "array"), JSONMember("items", items)]) }
    private static func enumeration(_ values: [String]) -> JSONValue { .object([JSONMember("enum", .array(values.map(JSONValue.string)))]) }

    private static func describe(_ schema: JSONValue, _ text: String) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        members.append(JSONMember("description", .string(text)))
        return .object(members)
    }

    /// An open object: the given properties, and any others a later parley adds.
    private static func object(_ properties: [(String, JSONValue)], required: [String] = []) -> JSONValue {
        var members = [JSONMember("type", "object"), JSONMember("properties", .object(properties.map { JSONMember($0.0, $0.1) }))]
        if !required.isEmpty { members.append(JSONMember("required", .array(required.map(JSONValue.string)))) }
        return .object(members)
    }
}
