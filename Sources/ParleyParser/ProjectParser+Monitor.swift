import Foundation
import ParleyModel

/// `monitor:` in parley.yaml: the checks `parley monitor` runs, where it listens, its history
/// and its alerts. Every mistake is reported at its place, with a "did you mean" for a misspelt
/// key; what needs the files or the environment (a flow path, a webhook's rendered settings,
/// a timeout against the interval) is the runner's planning.
extension ProjectParser {
    /// The keys of each mapping under `monitor:`, shared with `parley schema`.
    enum MonitorKeys {
        static let monitor = ["listen", "concurrency", "history", "alerts", "checks"]
        static let check = ["flows", "tags", "exclude_tags", "agent", "every", "cron", "jitter", "timeout"]
        static let history = ["path", "keep", "keep_runs"]
        static let alerts = ["after", "webhook"]
        /// Webhook settings that mean nothing for alerts: an alert goes out on a check's
        /// transitions, one POST each, and `parley monitor` keeps running (no end-of-run flush).
        static let webhookExcluded = ["on", "per", "flush"]
    }

    /// Reads `monitor:` (`key` is where it is written); nil when it is not a mapping.
    static func monitor(
        _ node: YAMLNode, key: Located<String>, agents: [AgentConfig], source: SourceText?, _ context: ParseContext
    ) -> MonitorConfig? {
        guard let reader = MappingReader(node, context, expected: "a mapping with 'checks:' and, optionally, 'listen:', 'concurrency:', 'history:' and 'alerts:'")
        else { return nil }
        reader.rejectUnknownKeys(allowed: MonitorKeys.monitor, in: "'monitor'", context)
        var checks: [CheckConfig] = []
        if let node = reader["checks"] {
            if let map = MappingReader(node, context, expected: "a mapping of check names to checks, like { faq: { flows: [health.flow.yaml], every: 5m } }") {
                if map.pairs.isEmpty { context.error("'checks:' names no check; give at least one", at: node.location) }
                for (name, value) in map.pairs {
                    if let check = check(named: name, value, agents: agents, source: source, context) { checks.append(check) }
                }
            }
        } else {
            context.error("'monitor' needs 'checks:', e.g. { faq: { flows: [health.flow.yaml], every: 5m } }", at: key.location)
        }
        let listen = reader["listen"].flatMap { listenAddress($0, context) }
        let concurrency = reader["concurrency"].flatMap { context.integer($0, minimum: 1, "'concurrency'") }
        let history = reader["history"].flatMap { historyConfig($0, context) }
        let alerts = reader["alerts"].flatMap { alertConfig($0, key: reader.key("alerts") ?? key, context) }
        return MonitorConfig(checks: checks, listen: listen, concurrency: concurrency, history: history, alerts: alerts, location: key.location)
    }

    /// One check: `{ flows:, tags:, exclude_tags:, agent:, every: | cron:, jitter:, timeout: }`.
    private static func check(
        named name: Located<String>, _ node: YAMLNode, agents: [AgentConfig], source: SourceText?, _ context: ParseContext
    ) -> CheckConfig? {
        // The name is a metric label and a command-line argument (`parley history NAME`).
        guard let checkName = context.identifier(name, "check name") else { return nil }
        let place = "check '\(checkName)'"
        guard let reader = MappingReader(node, context, expected: "a check: a mapping with 'flows:' and 'every:' or 'cron:'") else {
            return nil
        }
        reader.rejectUnknownKeys(allowed: MonitorKeys.check, in: place, context)
        var flows: [Located<String>] = []
        if let node = reader["flows"] {
            flows = context.stringList(node, "a flow file or folder")
            if flows.isEmpty, case .sequence = node.value { context.error("\(place): 'flows:' is empty; name a flow file or folder", at: node.location) }
            for flow in flows where flow.value.trimmingCharacters(in: .whitespaces).isEmpty {
                context.error("\(place): a flow path is empty", at: flow.location)
            }
        } else {
            context.error("\(place) needs 'flows:' (flow files or folders, relative to parley.yaml)", at: name.location)
        }
        let tags = reader["tags"].map { context.stringList($0, "a tag").map(\.value) } ?? []
        let excludeTags = reader["exclude_tags"].map { context.stringList($0, "a tag").map(\.value) } ?? []
        var agent: Located<String>?
        if let node = reader["agent"], let text = context.string(node, "an agent name") {
            agent = Located(text, at: node.location)
            if !agents.contains(where: { $0.name == text }) {
                let names = agents.map(\.name)
                context.error(
                    "\(place): unknown agent '\(text)' (\(names.isEmpty ? "'agents:' defines none" : "'agents:' defines \(names.joined(separator: ", "))"))"
                        + Suggestion.hint(for: text, in: names),
                    at: node.location)
            }
        }
        let schedule = self.schedule(reader, name: name, place: place, source: source, context)
        let jitter = reader["jitter"].flatMap(context.duration)
        var timeout: Duration?
        if let node = reader["timeout"], let value = context.duration(node) {
            if value == .zero { context.error("\(place): 'timeout' must be longer than 0", at: node.location) } else { timeout = value }
        }
        guard let schedule else { return nil }
        return CheckConfig(
            name: checkName, flows: flows, tags: tags, excludeTags: excludeTags, agent: agent, schedule: schedule, jitter: jitter,
            timeout: timeout, location: name.location)
    }

    /// `every:` or `cron:`, exactly one.
    private static func schedule(
        _ reader: MappingReader, name: Located<String>, place: String, source: SourceText?, _ context: ParseContext
    ) -> ScheduleSpec? {
        let every = reader["every"]
        let cron = reader["cron"]
        if every != nil, cron != nil, let second = reader.key("cron") {
            context.error("\(place) has both 'every:' and 'cron:'; give one", at: second.location)
            return nil
        }
        if let node = every {
            guard let interval = context.duration(node) else { return nil }
            guard interval > .zero else {
                context.error("\(place): 'every' must be longer than 0", at: node.location)
                return nil
            }
            return .every(interval)
        }
        if let node = cron {
            guard let text = context.string(node, "a cron expression like \"*/5 * * * *\"") else { return nil }
            do throws(CronExpression.Problem) {
                _ = try CronExpression(text)
                return .cron(Located(text, at: node.location))
            } catch {
                context.error("\(place): \(error.message)", at: location(ofOffset: error.offset, in: node, text: text, source: source))
                return nil
            }
        }
        context.error("\(place) needs 'every:' (like 5m) or 'cron:' (like \"*/5 * * * *\", in UTC)", at: name.location)
        return nil
    }

    /// Where the scalar at `offset` of `node`'s text was written; the node's start when the
    /// source does not line up (a block scalar).
    static func location(ofOffset offset: Int, in node: YAMLNode, text: String, source: SourceText?) -> SourceLocation {
        guard case .scalar(_, let quoted) = node.value, let source else { return node.location }
        let lines = source.lines.map { Array($0.unicodeScalars) }
        let positions = SourceAlignment.positions(of: Array(text.unicodeScalars), in: lines, from: node.location, quoted: quoted)
        guard let positions, positions.indices.contains(offset) else { return node.location }
        return positions[offset]
    }

    /// `listen: host:port`; port 0 picks any free port.
    private static func listenAddress(_ node: YAMLNode, _ context: ParseContext) -> Located<String>? {
        guard let text = context.string(node, "an address like 127.0.0.1:9464") else { return nil }
        guard Self.listenParts(text) != nil else {
            context.error(
                "'listen' expects host:port, like 127.0.0.1:9464 or [::1]:9464 (port 0 picks a free port); got '\(text)'", at: node.location)
            return nil
        }
        return Located(text, at: node.location)
    }

    /// The host and port of a `listen:` address (`[::1]:9464` gives `::1`), or nil when it is not one.
    public static func listenParts(_ text: String) -> (host: String, port: Int)? {
        ListenAddress(text).map { ($0.host, $0.port) }
    }

    /// `history: { path:, keep:, keep_runs: }`.
    private static func historyConfig(_ node: YAMLNode, _ context: ParseContext) -> HistoryConfig? {
        guard let reader = MappingReader(node, context, expected: "a mapping like { path: .parley/history.sqlite, keep: 30d, keep_runs: 1000 }") else {
            return nil
        }
        reader.rejectUnknownKeys(allowed: MonitorKeys.history, in: "'history'", context)
        var path: Located<String>?
        if let node = reader["path"], let text = context.string(node, "a file path") {
            if text.trimmingCharacters(in: .whitespaces).isEmpty { context.error("'history' path is empty", at: node.location) } else { path = Located(text, at: node.location) }
        }
        let keep = reader["keep"].flatMap { retention($0, context) }
        let keepRuns = reader["keep_runs"].flatMap { context.integer($0, minimum: 1, "'keep_runs'") }
        return HistoryConfig(path: path, keep: keep, keepRuns: keepRuns)
    }

    /// A retention age: a duration, or whole days (`30d`).
    static func retention(_ node: YAMLNode, _ context: ParseContext) -> Duration? {
        let expected = "an age like 30d, 12h or 90m"
        guard case .scalar(let text, _) = node.value else {
            context.wrongShape(node, expected: expected)
            return nil
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var age: Duration?
        if trimmed.hasSuffix("d"), let days = Int(trimmed.dropLast()), trimmed.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }) {
            if days > 36_500 {
                context.error("'keep' of \(trimmed) is too long; the longest is 36500d", at: node.location)
                return nil
            }
            age = .seconds(days * 86_400)
        } else if case .duration(let duration) = DurationParser.read(trimmed) {
            age = duration
        }
        guard let age else {
            context.wrongShape(node, expected: expected)
            return nil
        }
        guard age > .zero else {
            context.error("'keep' must be longer than 0", at: node.location)
            return nil
        }
        return age
    }

    /// `alerts: { after:, webhook: { … } }`; the webhook's keys are the webhook plugin's.
    private static func alertConfig(_ node: YAMLNode, key: Located<String>, _ context: ParseContext) -> AlertConfig? {
        guard let reader = MappingReader(node, context, expected: "a mapping like { after: 2, webhook: { url: … } }") else { return nil }
        reader.rejectUnknownKeys(allowed: MonitorKeys.alerts, in: "'alerts'", context)
        let after = reader["after"].flatMap { context.integer($0, minimum: 1, "'after'") }
        guard let webhookNode = reader["webhook"] else {
            context.error("'alerts' needs 'webhook:' (the webhook plugin's url, format, secret, retries, headers)", at: key.location)
            return AlertConfig(after: after, webhook: [], location: key.location)
        }
        guard let declaration = context.catalog.plugin("webhook") else {
            context.error("'alerts' send through the webhook plugin, which this program does not have", at: key.location)
            return nil
        }
        guard let webhook = MappingReader(webhookNode, context, expected: "the webhook's settings, like { url: \"${env.ALERT_URL}\", format: slack }") else {
            return AlertConfig(after: after, webhook: [], location: key.location)
        }
        let allowed = declaration.keys.filter { !MonitorKeys.webhookExcluded.contains($0) }
        for (key, _) in webhook.pairs where !allowed.contains(key.value) {
            if MonitorKeys.webhookExcluded.contains(key.value) {
                context.error(
                    "'\(key.value)' does not apply to alerts: an alert is one POST when a check starts failing and one when it recovers",
                    at: key.location)
            } else {
                context.error("unknown key '\(key.value)' in the alerts' webhook\(Suggestion.hint(for: key.value, in: allowed))", at: key.location)
            }
        }
        webhook.require(declaration.requiredKeys, in: "the alerts' webhook", context)
        let settings = webhook.pairs.filter { allowed.contains($0.key.value) }.map {
            Assignment(name: $0.key.value, value: context.valueTemplate($0.value), location: $0.key.location)
        }
        return AlertConfig(after: after, webhook: settings, location: key.location)
    }
}
