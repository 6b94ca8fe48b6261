import ParleyModel

/// What every run of one flow with one data row is played with, in a box its runs share
/// (repetitions, retries): each open conversation holds a pointer to it, not a copy of the flow and
/// its settings (issue 20, point 2: 100,000 repetitions of one flow held 100,000 copies).
final class FlowSetup: Sendable {
    let flow: Flow
    let connector: any Connector
    let settings: FlowInterpreter.Settings
    let meaning: (any MeaningResolver)?

    @inline(never)
    init(_ flow: Flow, connector: any Connector, settings: FlowInterpreter.Settings, meaning: (any MeaningResolver)?) {
        self.flow = flow
        self.connector = connector
        self.settings = settings
        self.meaning = meaning
    }
}
