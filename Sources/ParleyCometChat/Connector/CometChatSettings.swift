import Foundation
import ParleyCore
import ParleyModel

/// A `cometchat` agent's settings from parley.yaml, checked (docs/cometchat.md).
public struct CometChatSettings: Sendable {
    public var appID: String
    /// `us`, `eu` or `in`; only names the REST host (and goes into apiAction bodies) when `rest_url` is not given.
    public var region: String
    /// The REST base, `/v3` included: `…/messages` is appended.
    public var restURL: String
    /// The realtime socket's address, used as it is instead of the one the client API's settings
    /// give (`CHAT_HOST…:CHAT_WSS_PORT`); nil derives it, as the SDK does.
    public var websocketURL: String?
    /// The client API's base (`…/v3.0`: `/me`, `/settings`) when `client_api_url` names it; nil
    /// derives it (``clientAPIBase``).
    public var clientAPIURL: String?
    /// The REST API key (`apikey`); a secret, never written to any output.
    public var apiKey: String
    /// The uid the flow acts as (`onBehalfOf`).
    public var user: String
    /// Who the flow talks to: the agent, or a group it answers in.
    public var peer: CometChatPeer
    /// The longest a REST call or the socket's handshake and authentication may take.
    public var timeout: Duration
    /// After `run_finished`, how long to wait for the persisted reply before the turn ends anyway.
    public var quiet: Duration
    /// Which runs are the flow's: those its messages started (by run id), or all on the socket.
    public var runs: RunScope
    /// Keep-alive and reconnection timing (the SDK's by default).
    public var link = CometChatLinkTiming()

    /// Every field at its default, with explicit addresses.
    public init(appID: String, apiKey: String, user: String, peer: CometChatPeer, restURL: String, websocketURL: String?) {
        self.appID = appID
        self.apiKey = apiKey
        self.user = user
        self.peer = peer
        self.restURL = restURL
        self.websocketURL = websocketURL
        region = "us"
        timeout = .seconds(30)
        quiet = .seconds(1)
        runs = .mine
    }

    /// The REST base of an app in a region.
    public static func restURL(appID: String, region: String) -> String {
        "https://\(appID).api-\(region).cometchat.io/v3"
    }

    /// The client API's base, `/v3.0` included: `client_api_url` when given; else, with a
    /// `rest_url` of its own (a proxy, a local server), the same scheme, host and port under
    /// `/v3.0`; else the region's client host, `https://{appId}.apiclient-{region}.cometchat.io/v3.0`.
    public var clientAPIBase: String {
        if let clientAPIURL { return clientAPIURL.hasSuffix("/") ? String(clientAPIURL.dropLast()) : clientAPIURL }
        guard restURL != Self.restURL(appID: appID, region: region), let rest = URLComponents(string: restURL), let scheme = rest.scheme,
            let host = rest.host, !host.isEmpty
        else { return "https://\(appID).apiclient-\(region).cometchat.io/v3.0" }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)\(rest.port.map { ":\($0)" } ?? "")/v3.0"
    }

    /// Whether the socket goes without TLS (`ws://`): the client API is plain `http://` (loopback,
    /// a local server), as with the SDK's `wss://` for `https://`.
    public var plainSocket: Bool { clientAPIBase.lowercased().hasPrefix("http://") }

    /// Reads rendered settings; `duration` parses duration text (`30s`). Throws a message that
    /// names the setting and what it should be.
    public init(settings: [String: JSONValue], duration: (String) -> Duration?) throws(CometChatSettingsError) {
        let appID = try Self.required(settings, "app_id", "the CometChat app id")
        let apiKey = try Self.required(settings, "api_key", "a REST API key with full access (usually \"${secret.COMETCHAT_API_KEY}\")")
        let user = try Self.required(settings, "user", "the uid the flow acts as")
        for (setting, header, value) in [("api_key", "apikey", apiKey), ("user", "onBehalfOf", user)] {
            if let problem = HeaderValue.problem(in: value) {
                throw CometChatSettingsError(HeaderValue.refusal(header: header, setting: setting, problem: problem))
            }
        }
        let peer: CometChatPeer
        switch (settings["agent"], settings["group"]) {
        case (nil, nil):
            throw CometChatSettingsError("name who the flow talks to: `agent` (the agent's uid) or `group` (a guid)")
        case (.some, .some):
            throw CometChatSettingsError("`agent` and `group` exclude each other: talk to an agent, or to a group the agent is in")
        case (.some(let agent), nil):
            peer = .agent(uid: try Self.text(agent, "agent"))
        case (nil, .some(let group)):
            peer = .group(guid: try Self.text(group, "group"))
        }
        var region = "us"
        if let value = settings["region"] {
            region = try Self.text(value, "region")
            guard ["us", "eu", "in"].contains(region) else {
                throw CometChatSettingsError("`region` must be us, eu or in; got \(region) (for other hosts set `rest_url`)")
            }
        }
        var rest = Self.restURL(appID: appID, region: region)
        if let value = settings["rest_url"] {
            rest = try Self.text(value, "rest_url")
            guard rest.hasPrefix("http://") || rest.hasPrefix("https://") else {
                throw CometChatSettingsError("`rest_url` must be an http:// or https:// address (…/v3); got \(rest)")
            }
        } else if settings["region"] == nil {
            throw CometChatSettingsError("name the app's `region` (us, eu or in), or give `rest_url`")
        }
        var websocket: String?
        if let value = settings["websocket_url"] {
            let text = try Self.text(value, "websocket_url")
            guard text.hasPrefix("ws://") || text.hasPrefix("wss://") else {
                throw CometChatSettingsError("`websocket_url` must be a ws:// or wss:// address; got \(text)")
            }
            websocket = text
        }
        var clientAPI: String?
        if let value = settings["client_api_url"] {
            let text = try Self.text(value, "client_api_url")
            guard text.hasPrefix("http://") || text.hasPrefix("https://") else {
                throw CometChatSettingsError("`client_api_url` must be an http:// or https:// address (…/v3.0); got \(text)")
            }
            clientAPI = text
        }
        self.init(appID: appID, apiKey: apiKey, user: user, peer: peer, restURL: rest, websocketURL: websocket)
        self.region = region
        clientAPIURL = clientAPI
        if let value = settings["timeout"] {
            timeout = try Self.duration(value, "timeout", duration)
            guard timeout > .zero else { throw CometChatSettingsError("`timeout` must be longer than 0s") }
        }
        if let value = settings["quiet"] { quiet = try Self.duration(value, "quiet", duration) }
        if let value = settings["runs"] {
            let text = try Self.text(value, "runs")
            guard let scope = RunScope(rawValue: text) else {
                throw CometChatSettingsError("`runs` must be mine (runs started by the flow's own messages) or all; got \(text)")
            }
            runs = scope
        }
    }

    private static func required(_ settings: [String: JSONValue], _ key: String, _ what: String) throws(CometChatSettingsError) -> String {
        guard let value = settings[key] else { throw CometChatSettingsError("`\(key)` is missing: \(what)") }
        guard case .string(let text) = value else {
            // A credential's value is never echoed, even one written as a number.
            throw CometChatSettingsError("`\(key)` must be text (quote it): \(what)")
        }
        guard !text.isEmpty else { throw CometChatSettingsError("`\(key)` is empty: \(what)") }
        return text
    }

    private static func text(_ value: JSONValue, _ key: String) throws(CometChatSettingsError) -> String {
        guard case .string(let text) = value else { throw CometChatSettingsError("`\(key)` must be text; got \(value.compactText())") }
        return text
    }

    private static func duration(_ value: JSONValue, _ key: String, _ parse: (String) -> Duration?) throws(CometChatSettingsError) -> Duration {
        switch value {
        case .number(let seconds) where seconds >= 0:
            if let checked = Duration(checkedSeconds: seconds) { return checked }
            throw CometChatSettingsError("`\(key)` \(value.compactText()) is too long; the longest is \(NumberBounds.longestDurationText)")
        case .string(let text):
            if let parsed = parse(text), parsed >= .zero { return parsed }
        case .number, .null, .bool, .array, .object: break
        }
        throw CometChatSettingsError("`\(key)` must be a duration like 30s or 500ms, at most \(NumberBounds.longestDurationText); got \(value.compactText())")
    }
}
