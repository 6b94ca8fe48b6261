import ParleyCore
import ParleyModel
import ParleyRunner

/// One thing a test of flows reports: a flow that failed, at its failing step, or what stopped
/// the run (invalid input, an interruption, a report that could not be written).
public struct FlowFailure: Hashable, Sendable, CustomStringConvertible {
    /// The failing step in its flow file; nil when the problem has no one place (the text says where).
    public var location: SourceLocation?
    /// What went wrong: `Order status: expected reply containing "shipped" within 5s; got …`.
    public var message: String

    /// A failure at `location`, or with no place.
    public init(location: SourceLocation?, message: String) {
        self.location = location
        self.message = message
    }

    /// `Flows/01-order-status.flow.yaml:14:5: Order status: expected …`, the form editors and CI annotate.
    public var description: String {
        location.map { "\($0): \(message)" } ?? message
    }

    /// Every failure of a finished run, or the findings that stopped it before it started.
    ///
    /// A flow skipped by `--fail-fast` is not listed: the flow that failed is; nor is one an
    /// interruption skipped, which is listed once. Any other skip (a model the flow needs is not
    /// configured) is listed with its reason: a test that expects every flow to pass must not
    /// pass with a flow that never ran. Secrets are already masked: the run's results and the
    /// rendered findings are.
    public static func failures(of outcome: Result<RunSummary, Validation>) -> [FlowFailure] {
        switch outcome {
        case .failure(let validation):
            return [FlowFailure(location: nil, message: "the flows cannot run:\n\(validation.rendered())")]
        case .success(let summary):
            var failures: [FlowFailure] = []
            for result in summary.results {
                switch result.outcome {
                case .failed(let failure):
                    failures.append(FlowFailure(location: failure.location, message: "\(result.run.name): \(failure.message)"))
                case .skipped(let reason) where !summary.interrupted && reason != "interrupted" && !reason.hasPrefix("--fail-fast"):
                    failures.append(FlowFailure(location: result.run.location, message: "\(result.run.name) did not run: \(reason)"))
                case .passed, .flaky, .skipped:
                    break
                }
            }
            if summary.interrupted {
                let unfinished = summary.skipped == 1 ? "1 flow run" : "\(summary.skipped) flow runs"
                failures.append(FlowFailure(location: nil, message: "the run was interrupted; \(unfinished) did not finish"))
            }
            for plugin in summary.pluginFailures {
                failures.append(FlowFailure(location: nil, message: "a plugin failed: \(plugin)"))
            }
            return failures
        }
    }
}
