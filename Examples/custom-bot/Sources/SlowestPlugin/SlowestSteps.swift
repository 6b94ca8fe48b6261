import Foundation
import Parley

/// Keeps each finished flow run's slowest step and writes them all, slowest first, at the end.
///
/// Its `handle` switches over `event.kind` with `@unknown default:`. `PluginEvent.Kind` gains
/// cases as Parley grows (a `run_finished`, the monitor's events); a plugin built outside the
/// repository keeps compiling then, with a warning that names the new case, instead of an error.
actor SlowestSteps: Plugin {
    nonisolated let name = "slowest"
    private let file: URL
    private var slowest: [SlowStep] = []

    init(file: URL) {
        self.file = file
    }

    func handle(_ event: PluginEvent) async throws {
        switch event.kind {
        case .flowFinished(let result):
            if let step = SlowStep(result) { slowest.append(step) }
        case .runStarted, .flowStarted, .stepStarted, .userAction, .agentEvent, .stepFinished, .log:
            break
        @unknown default:
            // A kind this plugin was built before: nothing it needs.
            break
        }
    }

    func finish(_ summary: RunSummary) async throws {
        let ordered = slowest.sorted { $0.duration > $1.duration }
        let report = JSONValue.object([
            JSONMember("flows", .array(ordered.map(\.json)))
        ])
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((report.prettyPrinted() + "\n").utf8).write(to: file, options: .atomic)
    }
}
