import Foundation
import ParleyCore
import ParleyModel
import ParleyRunner

/// Runs one check once on the runner library, exactly as `parley run` would run its flows, and
/// turns what happened into a `CheckRecord`.
///
/// parley.yaml's own `plugins:` do not run per check: a monitor reports through its history,
/// `/metrics` and alerts, and a webhook or report file written every few minutes per check is
/// what operators asked to be rid of.
public struct CheckRunner: Sendable {
    public var runner: Runner
    /// The folder of parley.yaml; a check's `flows:` are relative to it.
    public var projectDirectory: String
    public var clock: any MonotonicClock

    /// Creates a runner of checks.
    public init(runner: Runner, projectDirectory: String, clock: any MonotonicClock) {
        self.runner = runner
        self.projectDirectory = projectDirectory
        self.clock = clock
    }

    /// What `parley run` would be asked to run for `check` (as `validate` plans it), its paths
    /// shown relative to the current folder.
    public func request(for check: CheckConfig) -> RunRequest {
        var request = RunRequest(check: check, projectPath: URL(fileURLWithPath: projectDirectory).appendingPathComponent("parley.yaml").path)
        request.paths = request.paths.map(Self.shown)
        return request
    }

    /// `path` relative to the current folder when it is inside it, as `parley run` shows paths given to it.
    static func shown(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }

    /// Checks `check` without running it: what `parley validate` would say of its flows.
    public func validate(_ check: CheckConfig) async -> Validation {
        await runner.validate(request(for: check))
    }

    /// Runs `check` once. A run still going at `timeout` is stopped and recorded as timed out;
    /// a run whose task is cancelled (the monitor stopping) is recorded as interrupted.
    public func run(_ check: CheckConfig, timeout: Duration, id: String, start: CheckStart) async -> CheckRecord {
        var record = CheckRecord(id: id, check: check.name, startedAt: start.date, duration: .zero, outcome: .error)
        let prepared = await runner.prepare(request(for: check))
        guard var run = prepared.run else {
            record.duration = clock.now - start.reading
            record.outcome = Task.isCancelled ? .interrupted : .error
            record.message = prepared.validation.rendered()
            return record
        }
        let recorder = CheckRecorder()
        run.plugins = [recorder]
        let ending = await Self.race(run, timeout: timeout, clock: clock)
        let kept = await recorder.book.result()
        record.duration = clock.now - start.reading
        record.turns = kept.turns
        switch ending {
        case .finished(let summary), .timedOut(let summary), .cancelled(let summary):
            record.flows = summary.results.count
            record.passedFlows = summary.results.filter(\.outcome.isPass).count
        }
        switch ending {
        case .timedOut:
            record.outcome = .timedOut
            let during = kept.lastStarted.map { " during \($0)" } ?? ""
            record.message = "the check ran past its timeout of \(timeout.flowText)\(during); stopped"
            record.transcript = kept.transcript ?? kept.unfinished
        case .cancelled:
            record.outcome = .interrupted
            record.message = "the monitor stopped while the check was running"
        case .finished(let summary):
            if summary.succeeded {
                record.outcome = .passed
            } else if summary.results.isEmpty {
                record.outcome = .error
                record.message = "nothing ran"
            } else {
                record.outcome = .failed
                record.message = kept.failure ?? summary.results.first { !$0.outcome.isPass }.map(Self.reason)
                record.transcript = kept.transcript
            }
        }
        return record
    }

    enum Ending: Sendable {
        case finished(RunSummary)
        case timedOut(RunSummary)
        case cancelled(RunSummary)
    }

    private enum Lap: Sendable {
        case finished(RunSummary)
        case timeout
        case cancelled
    }

    /// The run against its timeout, in one task group: whichever ends first stops the other.
    private static func race(_ run: ProjectRun, timeout: Duration, clock: any MonotonicClock) async -> Ending {
        await withTaskGroup(of: Lap.self) { group in
            group.addTask { .finished(await run.start()) }
            group.addTask {
                do {
                    try await clock.sleep(for: timeout)
                    return .timeout
                } catch {
                    return .cancelled
                }
            }
            var timedOut = false
            while let lap = await group.next() {
                switch lap {
                case .finished(let summary):
                    group.cancelAll()
                    if timedOut { return .timedOut(summary) }
                    return summary.interrupted && Task.isCancelled ? .cancelled(summary) : .finished(summary)
                case .timeout:
                    timedOut = true
                    // Cancelling stops the flows; the run still finishes its plugins and connectors.
                    group.cancelAll()
                case .cancelled:
                    continue
                }
            }
            return .cancelled(RunSummary(results: [], startedAt: Date(), duration: .zero, interrupted: true))
        }
    }

    private static func reason(_ result: FlowResult) -> String {
        switch result.outcome {
        case .failed(let failure): return failure.rendered
        case .skipped(let reason): return "\(result.run.path): skipped: \(reason)"
        case .passed, .flaky: return "\(result.run.path): passed"
        }
    }
}
