import Foundation
import ParleyCore
import ParleyModel

extension WebhookPlugin.Options {
    /// The keys `parse(_:)` reads; anything else is an error.
    public static let settingKeys = ["url", "on", "per", "secret", "format", "retries", "headers", "timeout", "flush"]

    /// Headers Parley sets itself, which `headers:` may not replace.
    static let reservedHeaders: Set<String> = [
        "content-type", "content-length", "host", "x-parley-signature", "x-parley-delivery",
    ]

    /// Reads the `webhook:` settings of `parley.yaml`, templates already rendered.
    ///
    /// Throws a `WebhookError` naming the key: `webhook: on: expected failure, success or always; got "sometimes"`.
    public static func parse(_ settings: [String: JSONValue]) throws -> Self {
        for key in settings.keys.sorted() where !settingKeys.contains(key) {
            throw WebhookError.setting(key, "unknown setting; expected one of \(settingKeys.joined(separator: ", "))")
        }
        guard let urlValue = settings["url"] else { throw WebhookError.setting("url", "required") }
        var options = Self(url: try parseURL(urlValue))
        if let value = settings["on"] { options.on = try parseTriggers(value) }
        if let value = settings["per"] { options.per = try parseWord(value, key: "per", as: Scope.self) }
        if let value = settings["format"] { options.format = try parseWord(value, key: "format", as: Format.self) }
        if let value = settings["secret"] { options.secret = try parseSecret(value) }
        if let value = settings["retries"] { options.retries = try parseRetries(value) }
        if let value = settings["headers"] { options.headers = try parseHeaders(value) }
        if let value = settings["timeout"] { options.timeout = try parseDuration(value, key: "timeout") }
        if let value = settings["flush"] { options.flush = try parseDuration(value, key: "flush") }
        return options
    }

    private static func parseURL(_ value: JSONValue) throws -> String {
        guard case .string(let text) = value else { throw WebhookError.setting("url", "expected a URL; got \(value.compactText())") }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw WebhookError.setting("url", "expected an http or https URL; got \(JSONValue.quoted(trimmed))")
        }
        return trimmed
    }

    private static func parseTriggers(_ value: JSONValue) throws -> Set<Trigger> {
        let items: [JSONValue]
        switch value {
        case .array(let list): items = list
        case .string: items = [value]
        case .null, .bool, .number, .object:
            throw WebhookError.setting("on", "expected a list of \(choices(Trigger.self)); got \(value.compactText())")
        }
        guard !items.isEmpty else { throw WebhookError.setting("on", "expected at least one of \(choices(Trigger.self))") }
        return Set(try items.map { try parseWord($0, key: "on", as: Trigger.self) })
    }

    private static func parseWord<Word: RawRepresentable & CaseIterable>(
        _ value: JSONValue, key: String, as: Word.Type
    ) throws -> Word where Word.RawValue == String {
        if case .string(let text) = value, let word = Word(rawValue: text.lowercased()) { return word }
        throw WebhookError.setting(key, "expected \(choices(Word.self)); got \(value.compactText())")
    }

    private static func choices<Word: RawRepresentable & CaseIterable>(_: Word.Type) -> String where Word.RawValue == String {
        let words = Word.allCases.map(\.rawValue)
        guard words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    private static func parseSecret(_ value: JSONValue) throws -> String? {
        switch value {
        case .null: return nil
        case .string(let text) where !text.isEmpty: return text
        case .string: throw WebhookError.setting("secret", "is empty; unset it or give the HMAC key")
        case .bool, .number, .array, .object: throw WebhookError.setting("secret", "expected a string")
        }
    }

    private static func parseRetries(_ value: JSONValue) throws -> Int {
        let number: Double?
        switch value {
        case .number(let value): number = value
        case .string(let text): number = Double(text.trimmingCharacters(in: .whitespaces))
        case .null, .bool, .array, .object: number = nil
        }
        guard let number, number.rounded() == number, (0...100).contains(number) else {
            throw WebhookError.setting("retries", "expected a whole number from 0 to 100; got \(value.compactText())")
        }
        return Int(number)
    }

    /// `flush` and `timeout`: a duration above zero and at most ten minutes.
    private static func parseDuration(_ value: JSONValue, key: String) throws -> Duration {
        let longest = WebhookPlugin.Options.longestFlush
        let problem = "expected a duration from 1ms to \(longest.flowText), like 10s or 1m; got \(value.compactText())"
        guard case .string(let text) = value, let duration = DurationText.parse(text) else { throw WebhookError.setting(key, problem) }
        guard duration > .zero, duration <= longest else { throw WebhookError.setting(key, problem) }
        return duration
    }

    private static func parseHeaders(_ value: JSONValue) throws -> [String: String] {
        guard case .object(let members) = value else {
            throw WebhookError.setting("headers", "expected a map of header names to strings; got \(value.compactText())")
        }
        var headers: [String: String] = [:]
        for member in members {
            guard !reservedHeaders.contains(member.key.lowercased()) else {
                throw WebhookError.setting("headers", "\(member.key) is set by the webhook itself")
            }
            switch member.value {
            case .string(let text):
                if let problem = HeaderValue.problem(in: text) {
                    throw WebhookError.setting("headers", "\(member.key) holds \(problem), which a header cannot carry (the value is not shown)")
                }
                headers[member.key] = text
            case .number, .bool: headers[member.key] = member.value.compactText()
            case .null, .array, .object:
                throw WebhookError.setting("headers", "\(member.key): expected a string; got \(member.value.compactText())")
            }
        }
        return headers
    }
}
