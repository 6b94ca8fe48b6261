import Foundation

/// How a finished run ended, as `parley run`'s exit code reports it (README, "Exit codes").
///
/// When several hold, the first in this order wins: what the reports cannot say themselves comes
/// first. A report that is missing cannot say it is missing, so `reportsIncomplete` outranks the
/// rest; an interrupted run's reports say it was interrupted (and its deliveries were abandoned,
/// not lost), and a failed flow is in every report. A lost delivery counts only when the caller
/// requires deliveries (`parley run --require-delivery`, for a cron job whose alert is its point).
public enum RunEnding: Hashable, Sendable {
    /// A plugin failed: a report or transcript the run was asked for is missing or cut. A lost
    /// webhook delivery is not counted: the receiver is outside the run, and the summary and
    /// report.json's `delivery_failures` say so.
    case reportsIncomplete
    /// A signal (SIGINT, SIGTERM, SIGHUP) stopped the run; its reports were still written.
    case interrupted(signal: Int32)
    /// A delivery (a webhook's POST, a Pushgateway push) was lost, and deliveries were required.
    case deliveryFailed
    /// A flow failed.
    case failed
    /// Every flow passed (a flaky one counts).
    case passed

    /// The ending of `summary`, given the signal that stopped it, if one did.
    ///
    /// - Parameters:
    ///   - summary: the run's summary, plugin failures included.
    ///   - signal: the first signal received while the run or its reports were going; a summary
    ///     marked interrupted without one (cancelled by its caller) counts as SIGINT.
    ///   - requireDelivery: whether a lost delivery (`summary.deliveryFailures`) ends the run as
    ///     `deliveryFailed`; when false it changes nothing, the summary and report.json list it.
    ///   - skipsFail: whether a flow skipped for want of something this machine lacks (a model
    ///     endpoint of `models:`) fails the run. When false a skip is still no pass: every report
    ///     counts it as skipped, with its reason; the run just does not fail for it.
    public init(_ summary: RunSummary, signal: Int32?, requireDelivery: Bool = false, skipsFail: Bool = false) {
        if !summary.pluginFailures.isEmpty {
            self = .reportsIncomplete
        } else if let signal {
            self = .interrupted(signal: signal)
        } else if summary.interrupted {
            self = .interrupted(signal: SIGINT)
        } else if requireDelivery && !summary.deliveryFailures.isEmpty {
            self = .deliveryFailed
        } else if summary.results.allSatisfy({ result in
            if case .skipped = result.outcome { return !skipsFail }
            return result.outcome.isPass
        }) {
            self = .passed
        } else {
            self = .failed
        }
    }
}
