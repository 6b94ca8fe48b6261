import ParleyCore

/// What the session needs at the end of one run's request besides its reader: its settings, its
/// silence limit and the handle the limit aborts it with. It holds no reader: the reader's end
/// callback holds this, and a cycle would keep every run (and its session) alive.
struct RunInFlight: Sendable {
    let settings: AGUISettings
    let silence: SilenceLimit
    let handle: RunHandle
}
