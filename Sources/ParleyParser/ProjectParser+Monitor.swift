import ParleyModel

/// `monitor:` in parley.yaml: the checks `parley monitor` runs, and its listen address, history and alerts.
extension ProjectParser {
    /// The keys of `monitor:`.
    static let monitorKeys = ["checks", "listen", "concurrency", "history", "alerts"]
    /// The keys of one check.
    static let checkKeys = ["flows", "tags", "exclude_tags", "agent", "every", "cron", "jitter", "timeout"]
    static let historyKeys = ["path", "keep", "keep_runs"]
    static let alertKeys = ["after", "webhook"]
    /// The webhook plugin's settings that make no sense for an alert: an alert goes out on a
    /// transition, once per check.
    static let alertIgnoredWebhookKeys: Set<String> = ["on", "per"]

    static func monitorConfig(_ node: YAMLNode, agents: [AgentConfig], _ context: ParseContext) -> MonitorConfig? {
        guard let reader = MappingReader(node, context, expected: "a mapping with 'checks:' (and 'listen:', 'concurrency:', 'history:', 'alerts:')")
        else { return nil }
        reader.rejectUnknownKeys(allowed: monitorKeys, in: "'monitor'", context)
        var checks: [CheckConfig] = []
        if let checksNode = reader["checks"] {
            if let map = MappingReader(checksNode, context, expected: "a mapping of check names to checks, like { faq: { flows: [faq.flow.yaml], every: 5m } }") {
                for (name, value) in map.pairs {
                    guard context.identifier(name, "check name") != nil, let check = check(name, value, agents: agents, context) else { continue }
                    checks.append(check)
                }
            }
        } else {
            context.error("'monitor' needs 'checks': the flows to run and how often, like { faq: { flows: [faq.flow.yaml], every: 5m } }", at: node.location)
        }
        var listen: Located<String>?
        if let listenNode = reader["listen"], let text = context.string(listenNode, "an address like 127.0.0.1:9464") {
            if ListenAddress(text) == nil {
                context.error("'listen' must be host:port, like 127.0.0.1:9464 or 0.0.0.0:9464 (port 0: any free port); got '\(text)'", at: listenNode.location)
            }
            listen = Located(text, at: listenNode.location)
        }
        let concurrency = reader["concurrency"].flatMap { context.integer($0, minimum: 1, "'concurrency'") }
        let history = reader["history"].flatMap { historyConfig($0, context) }
        let alerts = reader["alerts"].flatMap { alertConfig($0, context) }
        return MonitorConfig(checks: checks, listen: listen, concurrency: concurrency, history: history, alerts: alerts, location: node.location)
    }

    private static func check(_ name: Located<String>, _ node: YAMLNode, agents: [AgentConfig], _ context: ParseContext) -> CheckConfig? {
        guard let reader = MappingReader(node, context, expected: "a check: a mapping like { flows: [faq.flow.yaml], every: 5m }") else { return nil }
        let place = "check '\(name.value)'"
        reader.rejectUnknownKeys(allowed: checkKeys, in: place, context)
        let flows = reader["flows"].map { context.stringList($0, "a flow file or folder") } ?? []
        let tags = reader["tags"].map { context.stringList($0, "a tag").map(\.value) } ?? []
        let excludeTags = reader["exclude_tags"].map { context.stringList($0, "a tag").map(\.value) } ?? []
        var agent: Located<String>?
        if let agentNode = reader["agent"], let text = context.string(agentNode, "an agent name") {
            agent = Located(text, at: agentNode.location)
            if !agents.contains(where: { $0.name == text }) {
                context.error(
                    "\(place) names agent '\(text)', which is not defined under 'agents:'\(Suggestion.hint(for: text, in: agents.map(\.name)))",
                    at: agentNode.location)
            }
        }
        let schedule: ScheduleSpec?
        switch (reader["every"], reader["cron"]) {
        case (let every?, nil):
            schedule = context.duration(every).flatMap { interval in
                guard interval >= .seconds(1) else {
                    context.error("'every' must be at least 1s; got \(interval)", at: every.location)
                    return nil
                }
                return .every(interval)
            }
        case (nil, let cron?):
            schedule = context.string(cron, "a cron expression like \"*/5 * * * *\"").flatMap { text in
                do throws(CronError) {
                    _ = try CronExpression(text)
                    return .cron(Located(text, at: cron.location))
                } catch {
                    context.error(error.message, at: cron.location)
                    return nil
                }
            }
        case (.some, .some):
            context.error("\(place) has both 'every' and 'cron'; keep one", at: reader.key("cron")?.location ?? node.location)
            schedule = nil
        case (nil, nil):
            context.error("\(place) needs 'every' (like 5m) or 'cron' (like \"*/5 * * * *\")", at: name.location)
            schedule = nil
        }
        let jitter = reader["jitter"].flatMap(context.duration)
        let timeout = reader["timeout"].flatMap(context.duration)
        if let timeoutNode = reader["timeout"], let timeout, timeout <= .zero {
            context.error("'timeout' must be longer than 0s", at: timeoutNode.location)
        }
        guard let schedule else { return nil }
        return CheckConfig(
            name: name.value, flows: flows, tags: tags, excludeTags: excludeTags, agent: agent, schedule: schedule, jitter: jitter,
            timeout: timeout, location: name.location)
    }

    private static func historyConfig(_ node: YAMLNode, _ context: ParseContext) -> HistoryConfig? {
        guard let reader = MappingReader(node, context, expected: "a mapping like { path: .parley/history.sqlite, keep: 30d, keep_runs: 1000 }")
        else { return nil }
        reader.rejectUnknownKeys(allowed: historyKeys, in: "'history'", context)
        let path = reader["path"].flatMap { pathNode in context.string(pathNode, "a file path").map { Located($0, at: pathNode.location) } }
        return HistoryConfig(
            path: path, keep: reader["keep"].flatMap(context.duration),
            keepRuns: reader["keep_runs"].flatMap { context.integer($0, minimum: 1, "'keep_runs'") })
    }

    private static func alertConfig(_ node: YAMLNode, _ context: ParseContext) -> AlertConfig? {
        guard let reader = MappingReader(node, context, expected: "a mapping like { after: 2, webhook: { url: \"${env.ALERT_URL}\" } }") else { return nil }
        reader.rejectUnknownKeys(allowed: alertKeys, in: "'alerts'", context)
        let after = reader["after"].flatMap { context.integer($0, minimum: 1, "'after'") }
        guard let webhookNode = reader["webhook"] else {
            context.error("'alerts' needs 'webhook': where the alerts go, like { url: \"${env.ALERT_URL}\", format: slack }", at: node.location)
            return nil
        }
        guard let webhook = MappingReader(webhookNode, context, expected: "the webhook plugin's settings, like { url: \"${env.ALERT_URL}\" }") else {
            return nil
        }
        let keys = (context.catalog.plugin("webhook")?.keys ?? ["url"]).filter { !alertIgnoredWebhookKeys.contains($0) }
        for (key, _) in webhook.pairs where alertIgnoredWebhookKeys.contains(key.value) {
            context.error("'\(key.value)' does not apply to alerts: a check alerts once when it starts failing and once when it recovers", at: key.location)
        }
        let unknown = webhook.pairs.filter { !alertIgnoredWebhookKeys.contains($0.key.value) }
        for (key, _) in unknown where !keys.contains(key.value) {
            context.error("unknown key '\(key.value)' in 'alerts: webhook'\(Suggestion.hint(for: key.value, in: keys))", at: key.location)
        }
        webhook.require(["url"], in: "'alerts: webhook'", context)
        let settings = unknown.filter { keys.contains($0.key.value) }.map {
            Assignment(name: $0.key.value, value: context.valueTemplate($0.value), location: $0.key.location)
        }
        return AlertConfig(after: after, webhook: settings, location: node.location)
    }
}
