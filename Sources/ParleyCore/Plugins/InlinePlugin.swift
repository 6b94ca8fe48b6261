/// A plugin whose handling never blocks and costs next to nothing, such as a console that only
/// queues its text for a writer thread of its own: the host hands it each event at once, on the
/// publishing task, instead of through a queue and a consumer task of its own. That saves two
/// hand-offs between threads per event and plugin (issue 20).
///
/// `receive` is called once per event, in the order published, never concurrently, and must
/// return at once: anything slow (a file, a socket, a pipe) goes to a queue of the plugin's own.
/// A thrown error isolates the plugin as `handle`'s does.
public protocol InlinePlugin: Plugin {
    /// Receives one event, already masked, as `handle` does; synchronously.
    func receive(_ event: PluginEvent) throws
}
