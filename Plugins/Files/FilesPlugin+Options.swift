import ParleyModel

extension FilesPlugin {
    /// The `files` plugin's settings in parley.yaml:
    /// `files: { dir: reports, junit: junit.xml, json: report.json, transcripts: true }`.
    public struct Options: Hashable, Sendable {
        /// The folder for every output; a relative path is taken from the plugin's base directory.
        public var dir: String
        /// The JUnit XML file name, inside `dir` when relative; nil writes none.
        public var junit: String?
        /// The JSON report file name, inside `dir` when relative; nil writes none.
        public var json: String?
        /// The HTML report's file name, inside `dir` when relative; nil writes none.
        public var html: String?
        /// Whether to write a JSONL transcript per flow run under `dir/transcripts/`.
        public var transcripts: Bool
        /// The folder of the transcripts inside `dir`: `transcripts`, or empty for `dir` itself
        /// (`parley run --transcripts DIR` writes straight into DIR). No parley.yaml key.
        public var transcriptsSubfolder: String

        /// Creates options.
        public init(
            dir: String = "reports", junit: String? = nil, json: String? = nil, html: String? = nil, transcripts: Bool = false,
            transcriptsSubfolder: String = "transcripts"
        ) {
            self.dir = dir
            self.junit = junit
            self.json = json
            self.html = html
            self.transcripts = transcripts
            self.transcriptsSubfolder = transcriptsSubfolder
        }

        /// The settings this plugin reads.
        public static let settingKeys = ["dir", "junit", "json", "html", "transcripts"]

        /// Reads settings as written in parley.yaml; throws `FilesPluginError` naming the wrong value.
        ///
        /// A `null` value counts as not set. A `files` entry that would write nothing is an error.
        public static func parse(_ settings: [String: JSONValue]) throws -> Options {
            if let unknown = settings.keys.filter({ !settingKeys.contains($0) }).sorted().first {
                throw FilesPluginError.unknownSetting(unknown, known: settingKeys)
            }
            var options = Options()
            switch settings["dir"] {
            case nil, .null: break
            case .string(let dir) where !dir.isEmpty: options.dir = dir
            case .some(let value): throw FilesPluginError.notFolder("dir", got: value)
            }
            options.junit = try fileName("junit", settings["junit"])
            options.json = try fileName("json", settings["json"])
            options.html = try fileName("html", settings["html"])
            switch settings["transcripts"] {
            case nil, .null: break
            case .bool(let flag): options.transcripts = flag
            case .string("true"): options.transcripts = true
            case .string("false"): options.transcripts = false
            case .number, .string, .array, .object: throw FilesPluginError.notBool("transcripts", got: settings["transcripts"]!)
            }
            guard options.junit != nil || options.json != nil || options.html != nil || options.transcripts else {
                throw FilesPluginError.nothingToWrite
            }
            return options
        }

        private static func fileName(_ setting: String, _ value: JSONValue?) throws -> String? {
            switch value {
            case nil, .null: return nil
            case .string(let text) where !text.isEmpty && !text.hasSuffix("/"): return text
            case .some(let value): throw FilesPluginError.notFileName(setting, got: value)
            }
        }
    }
}
