import ParleyModel

extension Runner {
    /// Settings rendered for use: their values, and the secret values they read, to mask in every output.
    public struct RenderedSettings: Sendable {
        public var values: [String: JSONValue]
        public var secrets: Set<String>
    }

    /// Renders settings written in parley.yaml outside `plugins:` (an alert's webhook) with
    /// `${env.X}`/`${secret.X}`, treating `plugin`'s secret settings as secrets however written.
    public func render(_ settings: [Assignment], asSettingsOf plugin: String) throws(InvalidInput) -> RenderedSettings {
        var renderer = SettingsRenderer(environment: environment)
        let values = try renderer.render(settings)
        if let declaration = registry.catalog.plugin(plugin) { renderer.noteCredentials(of: declaration, in: values) }
        return RenderedSettings(values: values, secrets: renderer.secrets)
    }
}
