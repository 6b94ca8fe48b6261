import Foundation
import ParleyCore
import ParleyModel

/// A `polyai` agent's settings from parley.yaml, checked (docs/polyai.md).
public struct PolyAISettings: Sendable {
    /// The REST base, `/api/v1` included: `…/access-token` and `…/sessions` are appended.
    public var restURL: String
    /// The WebSocket base; its query is replaced by `access_token`, `session_id` and `cursor`.
    public var websocketURL: String
    /// The connector token (`X-Token`); a secret, never written to any output.
    public var connectorToken: String
    /// The host the connector is registered for (`X-Host`).
    public var host: String
    /// Asks the agent to stream its replies (`streaming_enabled`).
    public var streaming: Bool
    /// Time between heartbeats; zero sends none. The server's capability overrides it.
    public var heartbeat: Duration
    /// Reconnects allowed in a row before the connection counts as failed; 0 means no limit.
    public var maxReconnects: Int
    /// The longest a REST call, a socket handshake, or the wait for a new socket's first frame may take.
    public var timeout: Duration
    /// How streamed chunks join into the final reply (the SDK's spaces or the docs' concatenation).
    public var chunkJoining: ChunkJoining
    /// The silence after a complete reply that ends the agent's turn.
    public var quiet: Duration

    /// Every field at its default, for a connector token and explicit base URLs.
    public init(connectorToken: String, restURL: String, websocketURL: String) {
        self.connectorToken = connectorToken
        self.restURL = restURL
        self.websocketURL = websocketURL
        host = ""
        streaming = true
        heartbeat = .seconds(30)
        maxReconnects = 10
        timeout = .seconds(30)
        chunkJoining = .space
        quiet = .milliseconds(500)
    }

    /// Reads rendered settings; `duration` parses duration text (`30s`). Throws a message that
    /// names the setting and what it should be.
    public init(settings: [String: JSONValue], duration: (String) -> Duration?) throws(PolyAISettingsError) {
        guard case .string(let token)? = settings["connector_token"], !token.isEmpty else {
            throw PolyAISettingsError("`connector_token` must be the connector's token (text, usually \"${secret.POLY_TOKEN}\")")
        }
        let urls = try Self.baseURLs(settings)
        self.init(connectorToken: token, restURL: urls.rest, websocketURL: urls.websocket)
        if let value = settings["host"] { host = try Self.text(value, "host") }
        for (setting, header, value) in [("connector_token", "X-Token", token), ("host", "X-Host", host)] {
            if let problem = HeaderValue.problem(in: value) {
                throw PolyAISettingsError(HeaderValue.refusal(header: header, setting: setting, problem: problem))
            }
        }
        if let value = settings["streaming"] {
            guard case .bool(let flag) = value else { throw PolyAISettingsError("`streaming` must be true or false") }
            streaming = flag
        }
        if let value = settings["heartbeat"] { heartbeat = try Self.duration(value, "heartbeat", duration) }
        if let value = settings["timeout"] {
            timeout = try Self.duration(value, "timeout", duration)
            guard timeout > .zero else { throw PolyAISettingsError("`timeout` must be longer than 0s") }
        }
        if let value = settings["quiet"] { quiet = try Self.duration(value, "quiet", duration) }
        if let value = settings["max_reconnects"] {
            guard case .number(let number) = value, let count = Int(checked: number), count >= 0 else {
                throw PolyAISettingsError("`max_reconnects` must be a whole number up to \(NumberBounds.largestWhole), 0 for no limit")
            }
            maxReconnects = count
        }
        if let value = settings["chunk_joining"] {
            let rule = try Self.text(value, "chunk_joining")
            guard let known = ChunkJoining(rawValue: rule) else {
                throw PolyAISettingsError("`chunk_joining` must be space (the SDK joins chunks with spaces) or concatenate (PolyAI's docs); got \(rule)")
            }
            chunkJoining = known
        }
    }

    /// `environment` (a cluster such as `us-1`, or `{ rest_url, websocket_url }`) or the top-level
    /// `rest_url` and `websocket_url`, which win.
    static func baseURLs(_ settings: [String: JSONValue]) throws(PolyAISettingsError) -> (rest: String, websocket: String) {
        var rest = settings["rest_url"]
        var websocket = settings["websocket_url"]
        switch settings["environment"] {
        case .string(let name)?:
            if rest == nil && websocket == nil {
                let cluster = try cluster(name)
                return ("https://messaging.\(cluster).poly.ai/api/v1", "wss://messaging.\(cluster).poly.ai/ws")
            }
        case .object(let members)?:
            for member in members {
                switch member.key {
                case "rest_url": rest = rest ?? member.value
                case "websocket_url": websocket = websocket ?? member.value
                default:
                    throw PolyAISettingsError("`environment` as a mapping takes rest_url and websocket_url; got `\(member.key)`")
                }
            }
        case nil:
            if rest == nil && websocket == nil { return ("https://messaging.us-1.poly.ai/api/v1", "wss://messaging.us-1.poly.ai/ws") }
        case .some(let other):
            throw PolyAISettingsError("`environment` must be a cluster name (us-1, uk-1, euw-1, …) or { rest_url, websocket_url }; got \(other.compactText())")
        }
        guard let rest, let websocket else {
            throw PolyAISettingsError("custom PolyAI URLs need both `rest_url` (…/api/v1) and `websocket_url` (…/ws)")
        }
        let restText = try text(rest, "rest_url")
        let websocketText = try text(websocket, "websocket_url")
        guard restText.hasPrefix("http://") || restText.hasPrefix("https://") else {
            throw PolyAISettingsError("`rest_url` must be an http:// or https:// address; got \(restText)")
        }
        guard websocketText.hasPrefix("ws://") || websocketText.hasPrefix("wss://") else {
            throw PolyAISettingsError("`websocket_url` must be a ws:// or wss:// address; got \(websocketText)")
        }
        return (restText, websocketText)
    }

    /// A cluster name as the SDK allows it (`^[a-z0-9][a-z0-9-]*$`); `us`, `uk` and `euw` are the
    /// SDK's enum cases for `us-1`, `uk-1` and `euw-1`.
    static func cluster(_ name: String) throws(PolyAISettingsError) -> String {
        switch name {
        case "us": return "us-1"
        case "uk": return "uk-1"
        case "euw": return "euw-1"
        default: break
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard let first = name.first, first != "-", name.allSatisfy(allowed.contains) else {
            throw PolyAISettingsError(
                "`environment` must be a cluster name of lower-case letters, digits and dashes (us-1, uk-1, euw-1, dev); got \(name)")
        }
        return name
    }

    private static func text(_ value: JSONValue, _ key: String) throws(PolyAISettingsError) -> String {
        guard case .string(let text) = value else { throw PolyAISettingsError("`\(key)` must be text") }
        return text
    }

    private static func duration(_ value: JSONValue, _ key: String, _ parse: (String) -> Duration?) throws(PolyAISettingsError) -> Duration {
        switch value {
        case .number(let seconds) where seconds >= 0:
            if let checked = Duration(checkedSeconds: seconds) { return checked }
            throw PolyAISettingsError("`\(key)` \(value.compactText()) is too long; the longest is \(NumberBounds.longestDurationText)")
        case .string(let text):
            if let parsed = parse(text), parsed >= .zero { return parsed }
        default: break
        }
        throw PolyAISettingsError("`\(key)` must be a duration such as 30s or 500ms, at most \(NumberBounds.longestDurationText); got \(value.compactText())")
    }
}
