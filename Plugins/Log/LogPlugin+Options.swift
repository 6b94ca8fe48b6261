import ParleyModel

extension LogPlugin {
    /// The `log` plugin's settings in parley.yaml: `log: { level: info, color: auto, progress: true }`.
    public struct Options: Hashable, Sendable {
        /// How much to print.
        public var level: Level
        /// Whether to colour the output.
        public var color: ColorMode
        /// Whether finished flows carry a `[3/11]` counter.
        public var progress: Bool

        /// Creates options; the defaults are what an empty `log: {}` means.
        public init(level: Level = .info, color: ColorMode = .auto, progress: Bool = true) {
            self.level = level
            self.color = color
            self.progress = progress
        }

        /// The settings this plugin reads, in the order messages list them.
        public static let settingKeys = ["level", "color", "progress"]

        /// Reads settings as written in parley.yaml; throws `LogPluginError` naming the wrong value.
        public static func parse(_ settings: [String: JSONValue]) throws -> Options {
            if let unknown = settings.keys.filter({ !settingKeys.contains($0) }).sorted().first {
                throw LogPluginError.unknownSetting(unknown, known: settingKeys)
            }
            var options = Options()
            if let value = settings["level"] {
                options.level = try choice("level", value)
            }
            if let value = settings["color"] {
                options.color = try choice("color", value)
            }
            if let value = settings["progress"] {
                switch value {
                case .bool(let flag): options.progress = flag
                case .string("true"): options.progress = true
                case .string("false"): options.progress = false
                case .null, .number, .string, .array, .object: throw LogPluginError.notBool("progress", got: value)
                }
            }
            return options
        }

        private static func choice<Choice: RawRepresentable<String> & CaseIterable>(_ setting: String, _ value: JSONValue)
            throws -> Choice
        {
            if case .string(let text) = value, let choice = Choice(rawValue: text) { return choice }
            throw LogPluginError.notOneOf(setting, Choice.allCases.map(\.rawValue), got: value)
        }
    }

    /// How much the console shows, from least to most.
    public enum Level: String, Hashable, Sendable, CaseIterable, Comparable {
        /// Failed flows and the summary.
        case error
        /// Also flaky and skipped flows.
        case warning
        /// Every finished flow and the texts of `log:` steps.
        case info
        /// Also every step, user action and agent event, under its flow.
        case debug

        public static func < (lhs: Level, rhs: Level) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// When to colour the output with ANSI escapes.
    public enum ColorMode: String, Hashable, Sendable, CaseIterable {
        /// Only when the sink is a terminal.
        case auto
        /// Always.
        case always
        /// Never.
        case never

        /// Whether to colour, given whether the sink is a terminal.
        public func resolved(isTerminal: Bool) -> Bool {
            switch self {
            case .auto: return isTerminal
            case .always: return true
            case .never: return false
            }
        }
    }
}
