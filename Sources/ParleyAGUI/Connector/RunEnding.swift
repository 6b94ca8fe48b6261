import ParleyCore

/// What the session needs at the end of one run's request: its settings, its silence limit, the
/// handle the limit aborts it with, and the reader of its answer.
final class RunEnding: @unchecked Sendable {
    let settings: AGUISettings
    let silence: SilenceLimit
    let handle: RunHandle
    /// Set right after the reader is made, before the request starts; read once it has ended.
    var reader: AnswerReader?

    init(settings: AGUISettings, silence: SilenceLimit, handle: RunHandle) {
        self.settings = settings
        self.silence = silence
        self.handle = handle
    }
}
