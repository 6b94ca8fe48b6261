import Foundation
import ParleyHTTP
import ParleyModel

extension MetricsPlugin.Options {
    /// The keys `parse(_:)` reads; anything else is an error.
    public static let settingKeys = ["file", "pushgateway", "job", "grouping", "labels", "username", "password", "retries", "flush"]
    /// The keys that only mean something with `pushgateway:`.
    static let pushKeys = ["job", "grouping", "username", "password", "retries", "flush"]
    /// The longest `flush:` allowed: 10 minutes.
    public static let longestFlush = Duration.seconds(600)

    /// Reads the `metrics:` settings of `parley.yaml`, templates already rendered.
    ///
    /// Throws a `MetricsError` naming the key: `metrics: file: expected a path ending in .prom …`.
    public static func parse(_ settings: [String: JSONValue]) throws -> Self {
        for key in settings.keys.sorted() where !settingKeys.contains(key) {
            if key == "port" {
                throw MetricsError.setting(
                    "port", "a one-shot run ends before Prometheus could scrape it; use file (node_exporter), pushgateway, or parley monitor")
            }
            throw MetricsError.setting(key, "unknown setting; expected one of \(settingKeys.joined(separator: ", "))")
        }
        var options = Self()
        if let value = settings["file"] { options.file = try parseFile(value) }
        if let value = settings["pushgateway"] { options.pushgateway = try parseURL(value) }
        guard options.file != nil || options.pushgateway != nil else {
            throw MetricsError.setting("file", "required unless pushgateway is set: say where the metrics go")
        }
        if options.pushgateway == nil, let key = pushKeys.first(where: { settings[$0] != nil }) {
            throw MetricsError.setting(key, "only used with pushgateway, which is not set")
        }
        if let value = settings["job"] { options.job = try parseText(value, key: "job") }
        if let value = settings["labels"] { options.labels = try parseLabels(value, key: "labels") }
        if let value = settings["grouping"] { options.grouping = try parseLabels(value, key: "grouping") }
        if let both = Set(options.labels.map(\.name)).intersection(options.grouping.map(\.name)).sorted().first {
            throw MetricsError.setting("grouping", "\(both) is also in labels; name each label once")
        }
        if let value = settings["username"] { options.username = try parseText(value, key: "username") }
        if let value = settings["password"] { options.password = try parseText(value, key: "password") }
        if (options.username == nil) != (options.password == nil) {
            throw MetricsError.setting(options.username == nil ? "username" : "password", "required with \(options.username == nil ? "password" : "username") (basic auth)")
        }
        if let value = settings["retries"] { options.retries = try parseRetries(value) }
        if let value = settings["flush"] { options.flush = try parseFlush(value) }
        return options
    }

    private static func parseFile(_ value: JSONValue) throws -> String {
        guard case .string(let text) = value, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw MetricsError.setting("file", "expected a path ending in .prom; got \(value.compactText())")
        }
        // node_exporter's textfile collector reads *.prom files only: another name is never read.
        guard text.hasSuffix(".prom"), (text as NSString).lastPathComponent != ".prom" else {
            throw MetricsError.setting("file", "expected a path ending in .prom (node_exporter reads no other); got \(JSONValue.quoted(text))")
        }
        return text
    }

    private static func parseURL(_ value: JSONValue) throws -> String {
        guard case .string(let text) = value else {
            throw MetricsError.setting("pushgateway", "expected a URL; got \(value.compactText())")
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw MetricsError.setting("pushgateway", "expected an http or https URL; got \(JSONValue.quoted(HTTPFailureText.displayURL(trimmed)))")
        }
        guard components.query == nil, components.fragment == nil, components.user == nil, components.password == nil else {
            throw MetricsError.setting(
                "pushgateway", "expected the Pushgateway's base URL with no query, fragment or credentials (use username and password)")
        }
        return trimmed
    }

    private static func parseText(_ value: JSONValue, key: String) throws -> String {
        switch value {
        case .string(let text) where !text.isEmpty: return text
        case .number, .bool: return value.compactText()
        case .string: throw MetricsError.setting(key, "is empty")
        case .null, .array, .object: throw MetricsError.setting(key, "expected a string; got \(value.compactText())")
        }
    }

    /// A mapping of label names to values, in name order.
    private static func parseLabels(_ value: JSONValue, key: String) throws -> [MetricsPlugin.Options.Label] {
        guard case .object(let members) = value else {
            throw MetricsError.setting(key, "expected a map of label names to values; got \(value.compactText())")
        }
        var labels: [MetricsPlugin.Options.Label] = []
        for member in members {
            if let problem = labelNameProblem(member.key) { throw MetricsError.setting(key, problem) }
            switch member.value {
            case .string(let text): labels.append(.init(member.key, text))
            case .number, .bool: labels.append(.init(member.key, member.value.compactText()))
            case .null, .array, .object:
                throw MetricsError.setting(key, "\(member.key): expected a string; got \(member.value.compactText())")
            }
        }
        return labels.sorted { $0.name < $1.name }
    }

    /// Why `name` cannot be a label name, if it cannot (Prometheus: `[a-zA-Z_][a-zA-Z0-9_]*`, no `__` prefix).
    static func labelNameProblem(_ name: String) -> String? {
        let ascii = Array(name.utf8)
        let isLetter = { (byte: UInt8) in (65...90).contains(byte) || (97...122).contains(byte) || byte == 95 }
        guard let first = ascii.first, isLetter(first), ascii.allSatisfy({ isLetter($0) || (48...57).contains($0) }) else {
            return "\(JSONValue.quoted(name)) is not a label name: letters, digits and _, not starting with a digit"
        }
        guard !name.hasPrefix("__") else { return "\(name) starts with __, which Prometheus keeps for itself" }
        guard !ParleyMetric.reservedLabels.contains(name) else { return "\(name) is a label Parley or Prometheus sets itself" }
        return nil
    }

    private static func parseRetries(_ value: JSONValue) throws -> Int {
        let number: Double?
        switch value {
        case .number(let value): number = value
        case .string(let text): number = Double(text.trimmingCharacters(in: .whitespaces))
        case .null, .bool, .array, .object: number = nil
        }
        guard let number, number.rounded() == number, (0...10).contains(number) else {
            throw MetricsError.setting("retries", "expected a whole number from 0 to 10; got \(value.compactText())")
        }
        return Int(number)
    }

    private static func parseFlush(_ value: JSONValue) throws -> Duration {
        let problem = "expected a duration from 1ms to \(longestFlush.flowText), like 10s or 1m; got \(value.compactText())"
        let duration: Duration?
        switch value {
        case .string(let text): duration = DurationText.parse(text)
        case .number(let seconds) where seconds.isFinite && seconds >= 0 && seconds <= 600: duration = .milliseconds(Int64((seconds * 1000).rounded()))
        case .number, .null, .bool, .array, .object: duration = nil
        }
        guard let duration, duration > .zero, duration <= longestFlush else { throw MetricsError.setting("flush", problem) }
        return duration
    }
}
