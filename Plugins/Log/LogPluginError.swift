import Foundation
import ParleyModel

/// Why the `log` plugin could not be set up: a wrong setting in parley.yaml.
///
/// The text reads `log: level must be one of error, warning, info, debug; got "loud"`.
public struct LogPluginError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The whole message, starting with `log:`.
    public let description: String

    private init(_ description: String) {
        self.description = "log: " + description
    }

    /// The same text, for callers that print `localizedDescription`.
    public var errorDescription: String? { description }

    static func notOneOf(_ setting: String, _ allowed: [String], got value: JSONValue) -> LogPluginError {
        LogPluginError("\(setting) must be one of \(allowed.joined(separator: ", ")); got \(value.compactText())")
    }

    static func notBool(_ setting: String, got value: JSONValue) -> LogPluginError {
        LogPluginError("\(setting) must be true or false; got \(value.compactText())")
    }

    static func unknownSetting(_ setting: String, known: [String]) -> LogPluginError {
        LogPluginError("unknown setting \"\(setting)\"; expected one of \(known.joined(separator: ", "))")
    }
}
