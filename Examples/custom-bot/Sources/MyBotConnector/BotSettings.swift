import Foundation
import Parley

/// A `mybot` agent's settings, read from their rendered values (`${env.X}` and `${secret.X}`
/// already filled in, unknown keys and a missing `url` already refused by the parser).
public struct BotSettings: Sendable, Equatable {
    /// The header the token travels in; declared once, so the runner checks it before sending.
    public static let tokenHeader = "X-Bot-Token"

    /// The base address, without a trailing slash.
    public var url: String
    public var token: String?
    public var timeout: Duration

    /// Reads rendered settings; `duration` parses `timeout` text (`10s`).
    public init(_ settings: [String: JSONValue], duration: (String) -> Duration?) throws(BotSettingsError) {
        guard case .string(let url)? = settings["url"], let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""),
            parsed.host != nil
        else {
            throw BotSettingsError(key: "url", "`url` must be an http:// or https:// address, got \(settings["url"]?.compactText() ?? "nothing")")
        }
        self.url = url.hasSuffix("/") ? String(url.dropLast()) : url
        switch settings["token"] {
        case nil: token = nil
        case .string(let token)?:
            // Only the setting's name is said: the value is a secret.
            if let problem = HeaderValue.problem(in: token) {
                throw BotSettingsError(key: "token", HeaderValue.refusal(header: Self.tokenHeader, setting: "token", problem: problem))
            }
            self.token = token
        case .some:
            throw BotSettingsError(key: "token", "`token` must be text")
        }
        switch settings["timeout"] {
        case nil: timeout = .seconds(10)
        case .number(let seconds)? where seconds > 0: timeout = .milliseconds(Int64(seconds * 1000))
        case .string(let text)?:
            guard let parsed = duration(text), parsed > .zero else {
                throw BotSettingsError(key: "timeout", "`timeout` must be a duration like 10s, got \"\(text)\"")
            }
            timeout = parsed
        case .some(let other):
            throw BotSettingsError(key: "timeout", "`timeout` must be a duration like 10s, got \(other.compactText())")
        }
    }
}
