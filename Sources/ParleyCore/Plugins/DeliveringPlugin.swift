/// A plugin that sends what it gets elsewhere (a webhook): its deliveries go on in the background
/// while flows run, and the host settles it before the other plugins finish, so their reports and
/// summary list the deliveries that failed (DESIGN section 6).
///
/// The host runs `deliver()` beside the plugin's event lane for the whole run, then calls
/// `settle(_:)` once every event is handled, then `finish(_:)` like any plugin's. `abandon()` may
/// come at any time (Ctrl-C), from any thread.
public protocol DeliveringPlugin: Plugin {
    /// Makes the deliveries `handle` queues, in the background; returns once `settle` has nothing
    /// left to wait for.
    func deliver() async

    /// Queues the run's own deliveries for `summary`, waits for every delivery to end, no longer
    /// than the plugin's flush deadline, and returns those that failed, in the order they ended.
    func settle(_ summary: RunSummary) async -> [DeliveryFailure]

    /// Ctrl-C: stops every delivery under way at once and starts none after it; `settle` lists
    /// them as interrupted.
    func abandon()
}
