import ParleyCore
import ParleyModel

/// An `agui` agent's settings from parley.yaml, checked (docs/agui.md).
public struct AGUISettings: Sendable {
    /// Where runs are POSTed.
    public var url: String
    /// Extra request headers, in the order written (secrets already rendered).
    public var headers: [(name: String, value: String)]
    /// The longest silence allowed while a run streams.
    public var timeout: Duration
    /// Declared as `protocolVersion` in every RunAgentInput; nil declares none (0.1.x style).
    public var protocolVersion: String?
    /// Frontend tools declared to the agent (`{name, description, parameters}` objects).
    public var tools: [JSONValue]
    /// The shared state the first run sends.
    public var state: JSONValue
    /// `context` entries (`{description, value}`).
    public var context: [JSONValue]
    /// `forwardedProps` sent with every run.
    public var forwardedProps: JSONValue
    /// Whether a session opens with a run that has no messages, for agents that greet.
    public var greeting: Bool
    /// CUSTOM event name → the Parley event it becomes (each kind's own name is mapped by default).
    public var customMappings: [String: CustomEventKind]
    /// Frontend tools whose calls are interactive forms answered by `fill`/`submit`.
    public var formTools: Set<String>

    /// The settings every field defaults to, for `url`.
    public init(url: String) {
        self.url = url
        headers = []
        timeout = .seconds(30)
        protocolVersion = "1.0"
        tools = []
        state = .object([])
        context = []
        forwardedProps = .object([])
        greeting = false
        customMappings = Dictionary(uniqueKeysWithValues: CustomEventKind.allCases.map { ($0.rawValue, $0) })
        formTools = []
    }

    /// Reads rendered settings; `duration` parses `timeout` text (`30s`). Throws a message that
    /// names the setting and what it should be.
    public init(settings: [String: JSONValue], duration: (String) -> Duration?) throws(AGUISettingsError) {
        guard case .string(let url)? = settings["url"], url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw AGUISettingsError("`url` must be the agent's http:// or https:// address, got \(settings["url"].map { $0.compactText() } ?? "nothing")")
        }
        self.init(url: url)
        if let headers = settings["headers"] {
            guard case .object(let members) = headers else { throw AGUISettingsError("`headers` must be a mapping of header names to values") }
            self.headers = try members.map { member throws(AGUISettingsError) in
                switch member.value {
                case .string(let text):
                    if let problem = HeaderValue.problem(in: text) {
                        throw AGUISettingsError(HeaderValue.refusal(header: member.key, setting: "headers.\(member.key)", problem: problem))
                    }
                    return (member.key, text)
                case .number, .bool: return (member.key, member.value.compactText())
                case .null, .array, .object: throw AGUISettingsError("header `\(member.key)` must be text")
                }
            }
        }
        if let timeout = settings["timeout"] {
            switch timeout {
            case .number(let seconds) where seconds > 0:
                guard let checked = Duration(checkedSeconds: seconds) else {
                    throw AGUISettingsError("`timeout` \(timeout.compactText()) is too long; the longest is \(NumberBounds.longestDurationText)")
                }
                self.timeout = checked
            case .string(let text):
                guard let parsed = duration(text), parsed > .zero else {
                    throw AGUISettingsError("`timeout` must be a duration like 30s, at most \(NumberBounds.longestDurationText), got \"\(text)\"")
                }
                self.timeout = parsed
            default: throw AGUISettingsError("`timeout` must be a duration like 30s")
            }
        }
        if let version = settings["protocol_version"] {
            switch version {
            case .string(let text): protocolVersion = text == "0.1" || text.hasPrefix("0.") ? nil : text
            case .number(let number): protocolVersion = number < 1 ? nil : version.compactText() == "1" ? "1.0" : version.compactText()
            case .null: protocolVersion = nil
            case .bool, .array, .object: throw AGUISettingsError("`protocol_version` must be \"1.0\" or \"0.1\"")
            }
        }
        if let tools = settings["tools"] {
            guard case .array(let list) = tools else { throw AGUISettingsError("`tools` must be a list of { name, description, parameters }") }
            for (index, tool) in list.enumerated() {
                guard case .string? = tool["name"] else { throw AGUISettingsError("tool \(index + 1) has no `name`") }
                guard case .object(var members) = tool else { throw AGUISettingsError("tool \(index + 1) must be a mapping") }
                if tool["description"] == nil { members.append(JSONMember("description", "")) }
                self.tools.append(.object(members))
            }
        }
        if let state = settings["state"] { self.state = state }
        if let context = settings["context"] {
            guard case .array(let list) = context else { throw AGUISettingsError("`context` must be a list of { description, value }") }
            self.context = list.map { entry in
                // AG-UI wants both as strings; a structured value travels as JSON text.
                let value: JSONValue
                switch entry["value"] {
                case .string(let text)?: value = .string(text)
                case let other?: value = .string(other.serialized())
                case nil: value = ""
                }
                return .object([JSONMember("description", entry["description"] ?? ""), JSONMember("value", value)])
            }
        }
        if let props = settings["forwarded_props"] {
            guard case .object = props else { throw AGUISettingsError("`forwarded_props` must be a mapping") }
            forwardedProps = props
        }
        if let greeting = settings["greeting"] {
            guard case .bool(let flag) = greeting else { throw AGUISettingsError("`greeting` must be true or false") }
            self.greeting = flag
        }
        if let mappings = settings["mappings"] {
            try readMappings(mappings)
        }
    }

    private mutating func readMappings(_ mappings: JSONValue) throws(AGUISettingsError) {
        guard case .object(let members) = mappings else { throw AGUISettingsError("`mappings` must be a mapping with `custom` and `forms`") }
        for member in members {
            switch member.key {
            case "custom":
                guard case .object(let entries) = member.value else {
                    throw AGUISettingsError("`mappings.custom` must map CUSTOM event names to kinds")
                }
                for entry in entries {
                    guard case .string(let kindName) = entry.value, let kind = CustomEventKind(rawValue: kindName) else {
                        let kinds = CustomEventKind.allCases.map(\.rawValue).joined(separator: ", ")
                        throw AGUISettingsError("`mappings.custom.\(entry.key)` must be one of \(kinds), got \(entry.value.compactText())")
                    }
                    customMappings[entry.key] = kind
                }
            case "forms":
                guard case .array(let names) = member.value else { throw AGUISettingsError("`mappings.forms` must be a list of frontend tool names") }
                for name in names {
                    guard case .string(let text) = name else { throw AGUISettingsError("`mappings.forms` must list tool names") }
                    formTools.insert(text)
                }
            default:
                throw AGUISettingsError("`mappings.\(member.key)` is not a mapping Parley knows; use `custom` or `forms`")
            }
        }
    }
}

/// An `agui` agent setting that is not usable.
public struct AGUISettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the setting.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
