/// A side effect of a run: a console log, report files, a webhook (DESIGN section 6).
///
/// The host calls `handle` once per event from the plugin's own queue, in order, never
/// concurrently, and `finish` exactly once at the end, Ctrl-C included. A thrown error
/// isolates the plugin (it gets no more events) and is reported in the run summary.
public protocol Plugin: Sendable {
    /// The name used in reports about the plugin itself: `files`, `webhook`.
    var name: String { get }

    /// Receives one event. Events reach a plugin with secrets already masked.
    func handle(_ event: PluginEvent) async throws

    /// Receives the run summary once all events are delivered; flush and close here.
    func finish(_ summary: RunSummary) async throws
}
