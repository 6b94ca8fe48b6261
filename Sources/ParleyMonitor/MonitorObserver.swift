/// Something that hears about check runs: the history, the metrics, the status page, the alerts
/// and the console line are each one, composed by the monitor (STYLE 4).
///
/// Calls come from the monitor's loop, one at a time per check, and must return promptly: an
/// observer with slow I/O (an alert) does it in the background and reports through its own state.
public protocol MonitorObserver: Sendable {
    /// A run of `check` started; `id` is the run's `CheckRecord.id`.
    func checkStarted(_ check: String, id: String, at start: CheckStart) async
    /// A run finished, or was interrupted (`outcome == .interrupted`).
    func checkFinished(_ record: CheckRecord) async
}

extension MonitorObserver {
    /// Most observers care only about finished runs.
    public func checkStarted(_ check: String, id: String, at start: CheckStart) async {}
}
