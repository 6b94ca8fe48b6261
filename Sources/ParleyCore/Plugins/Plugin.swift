/// A side effect of a run: a console log, report files, a webhook (DESIGN section 6).
///
/// The host calls `handle` once per event from the plugin's own queue, in order, never
/// concurrently, and `finish` exactly once at the end, Ctrl-C included. A thrown error
/// isolates the plugin (it gets no more events) and is reported in the run summary.
///
/// Events grow: `PluginEvent.Kind` gains cases as Parley learns to say more (a run's end, the
/// monitor's checks), and `PluginEvent` gains fields. A plugin written outside this repository
/// keeps compiling when that happens if it switches over `event.kind` with `@unknown default:`
/// (Swift then warns about the new case instead of failing the build) and reads fields by name
/// rather than building events itself. Parley does not remove a case or a field, or change what
/// one means, within a major version; the `exec` plugin's JSON lines follow the same rule.
///
/// ```swift
/// func handle(_ event: PluginEvent) async throws {
///     switch event.kind {
///     case .flowFinished(let result): record(result)
///     case .runStarted, .flowStarted, .stepStarted, .userAction, .agentEvent, .stepFinished, .log: break
///     @unknown default: break
///     }
/// }
/// ```
public protocol Plugin: Sendable {
    /// The name used in reports about the plugin itself: `files`, `webhook`.
    var name: String { get }

    /// Receives one event. Events reach a plugin with secrets already masked.
    func handle(_ event: PluginEvent) async throws

    /// Receives the run summary once all events are delivered; flush and close here.
    func finish(_ summary: RunSummary) async throws
}
