import Parley

/// The `mybot` connector as a provider: what parley.yaml may write under `connector: mybot`
/// (checked by `validate`, described by `schema project`, completed in editors) and how an
/// agent's rendered settings become a connector.
public enum MyBot {
    public static let declaration = ProviderDeclaration(
        name: "mybot", summary: "The team's bot over its own HTTP/JSON protocol (POST /sessions, POST /sessions/{id}/messages).",
        settings: [
            SettingDeclaration("url", .url, required: true, "The bot's base address, e.g. http://127.0.0.1:8080 (its /sessions are under it)."),
            SettingDeclaration(
                "token", .text, secret: true, header: BotSettings.tokenHeader, "The bot's API token, sent as X-Bot-Token; usually \"${secret.BOT_TOKEN}\"."),
            SettingDeclaration("timeout", .duration, "How long one answer from the bot may take before the flow fails (default 10s)."),
        ])

    /// What `Registry.builtIn.adding(MyBot.provider)` adds. Making a connector connects nothing
    /// (`validate` makes one too); it shares the run's HTTP client and logs through the run's logger.
    public static let provider = ConnectorProvider(declaration) { context in
        let settings: BotSettings
        do throws(BotSettingsError) {
            settings = try BotSettings(context.settings, duration: DurationParser.parse)
        } catch {
            throw InvalidInput("agent '\(context.agentName)': \(error.message)", at: context.location(of: error.key))
        }
        return BotConnector(settings: settings, client: context.resources.httpClient, logger: context.logger)
    }
}
