import ParleyModel

/// The schema of `monitor:` in parley.yaml.
extension ProjectSchema {
    static func monitor(_ catalog: Catalog) -> JSONValue {
        let stringOrList = S.anyOf([S.string, S.array(S.string)])
        let check = S.object([
            ("flows", S.describe(stringOrList, "Flow files or folders, relative to parley.yaml's folder (default: every flow under it).")),
            ("tags", S.describe(stringOrList, "Only flows with any of these tags, like --tag.")),
            ("exclude_tags", S.describe(stringOrList, "Leave out flows with any of these tags, like --exclude-tag.")),
            ("agent", S.describe(S.string, "Run the flows against this agent of parley.yaml, like --agent.")),
            ("every", S.describe(S.ref("duration"), "Run every so often, like 5m; the first run at start. Or use cron.")),
            ("cron", S.describe(S.string, "A cron expression in UTC, like \"*/5 * * * *\" (minute hour day-of-month month day-of-week), or @hourly, @daily. Or use every.")),
            ("jitter", S.describe(S.ref("duration"), "Start each run up to this much after its slot, at random, so checks do not all start at once.")),
            ("timeout", S.describe(S.ref("duration"), "Stop a run still going after this and count it as timed out (default: the interval, at most 10m).")),
        ])
        let webhookKeys = catalog.plugin("webhook")?.settings.filter { !ProjectParser.alertIgnoredWebhookKeys.contains($0.key) } ?? []
        let webhook = S.object(webhookKeys.map { ($0.key, setting($0)) }, required: ["url"])
        return S.describe(
            S.object(
                [
                    ("checks", S.describe(.object([JSONMember("type", "object"), JSONMember("additionalProperties", check)]), "Checks by name: which flows, how often.")),
                    ("listen", S.describe(S.string, "host:port of /metrics, /healthz and the status page (default 127.0.0.1:9464; port 0: any free port).")),
                    ("concurrency", S.describe(S.integer(minimum: 1), "Checks running at once, at most (default 4).")),
                    ("history", S.describe(S.object([
                        ("path", S.describe(S.string, "The SQLite file, relative to parley.yaml's folder (default .parley/history.sqlite).")),
                        ("keep", S.describe(S.ref("duration"), "Delete runs older than this (default 30d).")),
                        ("keep_runs", S.describe(S.integer(minimum: 1), "Keep at most this many runs per check, the newest (default 1000).")),
                    ]), "Where run history is kept, and for how long.")),
                    ("alerts", S.describe(S.object([
                        ("after", S.describe(S.integer(minimum: 1), "Consecutive failures before a check alerts (default 2); it alerts once more when it recovers.")),
                        ("webhook", S.describe(webhook, "The webhook plugin's settings (url, format, secret, headers, retries, timeout, flush).")),
                    ], required: ["webhook"]), "When a check alerts, and where the alert goes.")),
                ], required: ["checks"]),
            "The checks parley monitor runs on a schedule.")
    }
}
