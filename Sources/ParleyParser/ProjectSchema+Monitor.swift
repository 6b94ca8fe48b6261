import ParleyModel

/// The schema of `monitor:` in parley.yaml, from the same key tables the parser reads.
extension ProjectSchema {
    static func monitorSchema(_ catalog: Catalog) -> JSONValue {
        typealias Keys = ProjectParser.MonitorKeys
        let listOfText = JSONValue.object([JSONMember("type", ["string", "array"]), JSONMember("items", S.string)])
        let check = S.object(
            [
                ("flows", S.describe(S.when(["array"], then: minItems(S.array(S.string), 1), otherwise: S.string), "Flow files or folders, relative to parley.yaml's folder.")),
                ("tags", S.describe(listOfText, "Only the flows with any of these tags, like `parley run --tag`.")),
                ("exclude_tags", S.describe(listOfText, "Leave out the flows with any of these tags, like `parley run --exclude-tag`.")),
                ("agent", S.describe(S.string, "Run the flows against this agent of `agents:` instead of their own, like `--agent`.")),
                ("every", S.describe(S.ref("duration"), "Run every this long, the first run at start: 30s, 5m, 1h.")),
                ("cron", S.describe(S.string, "Or run on this cron schedule, in UTC: five fields (minute hour day-of-month month day-of-week), e.g. \"*/5 * * * *\", or @hourly, @daily.")),
                ("jitter", S.describe(S.ref("duration"), "Start each run up to this much later than its slot, at random, so checks do not all start at once.")),
                ("timeout", S.describe(S.ref("duration"), "Stop a run still going after this and count it as timed out (default: the interval, at most 10m).")),
            ], required: ["flows"])
        assert(propertyNames(check) == Keys.check)
        let scheduled = S.with(check, [JSONMember("oneOf", .array([requiring("every"), requiring("cron")]))])
        let history = S.object([
            ("path", S.describe(S.string, "The SQLite file of run history, relative to parley.yaml's folder (default .parley/history.sqlite).")),
            ("keep", S.describe(S.anyOf([S.ref("duration"), .object([JSONMember("type", "string"), JSONMember("pattern", "^[0-9]+d$")])]), "Delete runs older than this: 30d (the default), 12h.")),
            ("keep_runs", S.describe(S.integer(minimum: 1), "Keep at most this many runs per check, the newest (default 1000).")),
        ])
        assert(propertyNames(history) == Keys.history)
        var webhook = JSONValue.object([])
        if let declaration = catalog.plugin("webhook") {
            let settings = declaration.settings.filter { !Keys.webhookExcluded.contains($0.key) }
            webhook = S.describe(S.object(settings.map { ($0.key, setting($0)) }, required: declaration.requiredKeys), "Where alerts go: the webhook plugin's settings (one POST per alert).")
        }
        let alerts = S.object([
            ("after", S.describe(S.integer(minimum: 1), "Consecutive failed runs before a check alerts (default 2); it alerts once, and once more on recovery.")),
            ("webhook", webhook),
        ], required: ["webhook"])
        assert(propertyNames(alerts) == Keys.alerts)
        let checks = JSONValue.object([
            JSONMember("type", "object"), JSONMember("minProperties", .number(1)),
            JSONMember("propertyNames", .object([JSONMember("pattern", #"^[A-Za-z_][A-Za-z0-9_-]*$"#)])),
            JSONMember("additionalProperties", scheduled),
        ])
        let monitor = S.object([
            ("listen", S.describe(.object([JSONMember("type", "string"), JSONMember("pattern", #"^(\[[^\]]+\]|[^:\[\]/\s]+):[0-9]{1,5}$"#)]), "host:port of /metrics, /healthz and the status page, e.g. 127.0.0.1:9464; port 0 picks a free port.")),
            ("concurrency", S.describe(S.integer(minimum: 1), "Checks running at once, at most (default 4); a check never overlaps itself.")),
            ("history", S.describe(history, "Where run history is kept, and for how long.")),
            ("alerts", S.describe(alerts, "When a check alerts and where the alert goes.")),
            ("checks", S.describe(checks, "The checks by name; the name is the `check` label of the metrics.")),
        ], required: ["checks"])
        assert(propertyNames(monitor) == Keys.monitor)
        return monitor
    }

    private static func requiring(_ key: String) -> JSONValue {
        .object([JSONMember("required", .array([.string(key)]))])
    }

    private static func minItems(_ schema: JSONValue, _ count: Int) -> JSONValue {
        S.with(schema, [JSONMember("minItems", .number(Double(count)))])
    }

    /// The property names of an object schema, in order (for the checks against the parser's tables).
    private static func propertyNames(_ schema: JSONValue) -> [String] {
        guard case .object(let members) = schema, case .object(let properties)? = members.first(where: { $0.key == "properties" })?.value else {
            return []
        }
        return properties.map(\.key)
    }
}
