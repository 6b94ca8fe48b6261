extension Catalog {
    /// Parley's own connectors and plugins.
    public static let builtIn = Catalog(
        connectors: [simulator, agui, polyai, cometchat], plugins: [log, files, webhook, metrics, exec])

    /// The `simulator` connector.
    public static let simulator = ProviderDeclaration(
        name: "simulator", summary: "An agent script played in-process: no network, no secrets.",
        settings: [
            SettingDeclaration("script", .file, required: true, "The agent script to play, relative to this file."),
            SettingDeclaration("timeout", .duration, "How long a session may take to open."),
        ])

    /// The `agui` connector.
    public static let agui = ProviderDeclaration(
        name: "agui", summary: "An AG-UI agent: one HTTP POST per run, events back as server-sent events.",
        settings: [
            SettingDeclaration("url", .url, required: true, "The agent's http:// or https:// endpoint."),
            SettingDeclaration("headers", .mapping, "Extra request headers, e.g. { Authorization: \"Bearer ${secret.TOKEN}\" }."),
            SettingDeclaration("timeout", .duration, "How long one run may take before the flow fails."),
            SettingDeclaration("protocol_version", .text, "The AG-UI version the client declares: \"1.0\" (default) or \"0.1\"."),
            SettingDeclaration("tools", .list, "Frontend tools offered on every run: { name, description, parameters }."),
            SettingDeclaration("mappings", .mapping, "How CUSTOM events map to Parley's events: { custom: { name: kind }, forms: [tool] }."),
            SettingDeclaration("state", .any, "The shared state sent with the first run."),
            SettingDeclaration("context", .list, "Context entries sent with every run: { description, value }."),
            SettingDeclaration("forwarded_props", .mapping, "Properties forwarded to the agent with every run."),
            SettingDeclaration("greeting", .boolean, "Start an empty run when the session opens, for an agent that speaks first."),
        ])

    /// The `polyai` connector.
    public static let polyai = ProviderDeclaration(
        name: "polyai", summary: "A PolyAI messaging agent: a REST handshake, then a WebSocket.",
        settings: [
            SettingDeclaration("environment", .any, "A cluster name (us-1, uk-1, euw-1, …) or { rest_url, websocket_url }."),
            SettingDeclaration(
                "connector_token", .text, required: true, secret: true, header: "X-Token", "The connector's token, usually \"${secret.POLY_TOKEN}\"."),
            SettingDeclaration("host", .text, header: "X-Host", "The host the connector is registered for."),
            SettingDeclaration("streaming", .boolean, "Ask for streamed replies (chunks)."),
            SettingDeclaration("heartbeat", .duration, "How often the client sends a heartbeat."),
            SettingDeclaration("max_reconnects", .integer, "Reconnect attempts in a row before the flow fails; 0 for no limit."),
            SettingDeclaration("rest_url", .url, "The REST base (…/api/v1), instead of `environment`."),
            SettingDeclaration("websocket_url", .url, "The socket's address (…/ws), instead of `environment`."),
            SettingDeclaration("timeout", .duration, "How long the handshake and each wait for the socket may take."),
            SettingDeclaration("chunk_joining", .choice(["space", "concatenate"]), "How streamed chunks join into a reply."),
            SettingDeclaration("quiet", .duration, "How long the socket must be quiet before a turn counts as ended."),
            SettingDeclaration("serve", .file, "An agent script Parley serves itself over PolyAI's protocol on loopback for the run."),
        ])

    /// The `cometchat` connector.
    public static let cometchat = ProviderDeclaration(
        name: "cometchat", summary: "A CometChat AI agent: CometChat's REST API and realtime socket.",
        settings: [
            SettingDeclaration("app_id", .text, required: true, "The CometChat app's id."),
            SettingDeclaration("region", .text, "The app's region (us, eu, in), which names its hosts."),
            SettingDeclaration("api_key", .text, required: true, secret: true, header: "apikey", "The app's REST API key, usually \"${secret.COMETCHAT_KEY}\"."),
            SettingDeclaration("user", .text, required: true, header: "onBehalfOf", "The uid the flow acts as."),
            SettingDeclaration("agent", .text, "The uid of the AI agent to talk to (or `group`)."),
            SettingDeclaration("group", .text, "The guid of a group the agent answers in (or `agent`)."),
            SettingDeclaration("rest_url", .url, "The REST base, instead of the region's (a proxy or a local server)."),
            SettingDeclaration("websocket_url", .url, "The realtime socket's address, instead of the one the app's settings give."),
            SettingDeclaration("client_api_url", .url, "The client API's base (…/v3.0: login and settings), instead of rest_url's host or the region's."),
            SettingDeclaration("timeout", .duration, "How long REST calls and the socket's opening may take."),
            SettingDeclaration("quiet", .duration, "How long the socket must be quiet before a turn counts as ended."),
            SettingDeclaration("runs", .choice(["mine", "all"]), "Which runs a flow reads: those its own messages started, or all."),
            SettingDeclaration("serve", .file, "An agent script Parley serves itself over CometChat's protocol on loopback for the run."),
        ])
}
