extension Registry {
    /// Parley's own connectors (simulator, agui, polyai, cometchat) and plugins (log, files,
    /// webhook, metrics, exec).
    public static var builtIn: Registry {
        Registry(connectors: BuiltInConnectors.all, plugins: BuiltInPlugins.all)
    }
}
