import Foundation
import ParleyModel

extension ExecPlugin {
    /// The `exec` plugin's settings in parley.yaml:
    /// `exec: { command: plugins/notify.py, args: [--verbose], env: { CHANNEL: qa }, flush: 30s }`.
    ///
    /// `parse(_:)` reads the YAML keys; the buffer limits and the grace after SIGTERM have none and
    /// exist so tests and embedders can shrink them.
    public struct Options: Hashable, Sendable {
        /// The program: a path (relative paths are taken from the plugin's directory) or a name
        /// looked up on `PATH`.
        public var command: String
        /// Its arguments, passed as they are (no shell).
        public var args: [String]
        /// Variables added to the environment parley inherited, replacing those of the same name.
        public var env: [String: String]
        /// How long the program has to exit once its standard input is closed at the end of the run.
        public var flush: Duration
        /// The most lines that may wait for the program to read them; one more fails the plugin.
        public var bufferLines: Int
        /// The most bytes that may wait for the program to read them.
        public var bufferBytes: Int
        /// How long a program that got SIGTERM has to exit before SIGKILL.
        public var termGrace: Duration

        /// Creates options; the defaults match `parse(_:)`'s.
        public init(
            command: String, args: [String] = [], env: [String: String] = [:], flush: Duration = Self.defaultFlush,
            bufferLines: Int = 10_000, bufferBytes: Int = 16 << 20, termGrace: Duration = .seconds(2)
        ) {
            self.command = command
            self.args = args
            self.env = env
            self.flush = flush
            self.bufferLines = bufferLines
            self.bufferBytes = bufferBytes
            self.termGrace = termGrace
        }

        /// The flush deadline when `flush:` is not set: 10 seconds.
        public static let defaultFlush = Duration.seconds(10)
        /// The longest `flush:` allowed: 10 minutes.
        public static let longestFlush = Duration.seconds(600)

        /// The keys `parse(_:)` reads; anything else is an error.
        public static let settingKeys = ["command", "args", "env", "flush"]

        /// Reads the `exec:` settings of parley.yaml, templates already rendered.
        ///
        /// Throws an `ExecPluginError` naming the key: `exec: args: expected a list of strings; got 3`.
        public static func parse(_ settings: [String: JSONValue]) throws -> Options {
            for key in settings.keys.sorted() where !settingKeys.contains(key) {
                throw ExecPluginError.setting(key, "unknown setting; expected one of \(settingKeys.joined(separator: ", "))")
            }
            guard case .string(let command) = settings["command"] ?? .null, !command.trimmingCharacters(in: .whitespaces).isEmpty
            else {
                let got = settings["command"].map { "; got \($0.compactText())" } ?? ""
                throw ExecPluginError.setting("command", "required: the program to run, a path or a name on PATH\(got)")
            }
            var options = Options(command: command)
            if let value = settings["args"] { options.args = try parseArgs(value) }
            if let value = settings["env"] { options.env = try parseEnv(value) }
            if let value = settings["flush"] { options.flush = try parseFlush(value) }
            return options
        }

        private static func parseArgs(_ value: JSONValue) throws -> [String] {
            switch value {
            case .null: return []
            case .array(let items):
                return try items.map { item in
                    guard let text = scalarText(item) else {
                        throw ExecPluginError.setting("args", "expected a list of strings; got \(item.compactText()) in it")
                    }
                    return text
                }
            case .bool, .number, .string, .object:
                throw ExecPluginError.setting("args", "expected a list of strings; got \(value.compactText())")
            }
        }

        private static func parseEnv(_ value: JSONValue) throws -> [String: String] {
            switch value {
            case .null: return [:]
            case .object(let members):
                var env: [String: String] = [:]
                for member in members {
                    guard !member.key.isEmpty, !member.key.contains("=") else {
                        throw ExecPluginError.setting("env", "\(JSONValue.quoted(member.key)) is not a variable name")
                    }
                    // The value may be a secret: never shown.
                    guard let text = scalarText(member.value) else {
                        throw ExecPluginError.setting("env", "\(member.key): expected a string, number or true/false")
                    }
                    env[member.key] = text
                }
                return env
            case .bool, .number, .string, .array:
                throw ExecPluginError.setting("env", "expected a map of variable names to strings; got \(value.compactText())")
            }
        }

        /// A scalar as the program will see it: `3`, not `3.0`.
        private static func scalarText(_ value: JSONValue) -> String? {
            switch value {
            case .string(let text): return text
            case .number, .bool: return value.compactText()
            case .null, .array, .object: return nil
            }
        }

        private static func parseFlush(_ value: JSONValue) throws -> Duration {
            let problem = "expected a duration from 1ms to \(longestFlush.flowText), like 10s or 1m; got \(value.compactText())"
            guard case .string(let text) = value, let duration = DurationText.parse(text), duration > .zero, duration <= longestFlush
            else { throw ExecPluginError.setting("flush", problem) }
            return duration
        }
    }
}

extension ExecPlugin.Options: CustomStringConvertible {
    /// The options with the environment's values masked: they may hold secrets.
    public var description: String {
        let env = env.keys.sorted().map { "\($0)=***" }.joined(separator: ", ")
        return "exec(command: \(command), args: \(args), env: [\(env)], flush: \(flush.flowText))"
    }
}
