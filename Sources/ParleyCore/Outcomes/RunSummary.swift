import Foundation

/// A whole suite run: every flow result, what plugins reported, and whether it was interrupted.
public struct RunSummary: Hashable, Sendable {
    /// Every flow run's last attempt, in the order the flows were given.
    public var results: [FlowResult]
    /// The wall-clock time the run started, for reports.
    public var startedAt: Date
    public var duration: Duration
    /// Ctrl-C stopped the run; the unfinished flows are skipped.
    public var interrupted: Bool
    /// Plugins that failed: `webhook: POST http://… answered 500`.
    public var pluginFailures: [String]
    /// Deliveries that failed (a webhook's POSTs), per flow run and for the run, in the order they ended.
    public var deliveryFailures: [DeliveryFailure]

    /// Creates a summary.
    public init(
        results: [FlowResult], startedAt: Date, duration: Duration, interrupted: Bool = false, pluginFailures: [String] = [],
        deliveryFailures: [DeliveryFailure] = []
    ) {
        self.results = results
        self.startedAt = startedAt
        self.duration = duration
        self.interrupted = interrupted
        self.pluginFailures = pluginFailures
        self.deliveryFailures = deliveryFailures
    }

    /// The failed deliveries about flow run `id`.
    public func deliveryFailures(forFlow id: String) -> [DeliveryFailure] {
        deliveryFailures.filter { $0.flow == id }
    }

    public var passed: Int { results.filter { $0.outcome == .passed }.count }
    public var flaky: Int { results.filter { $0.outcome == .flaky }.count }
    public var failed: Int { results.filter { if case .failed = $0.outcome { true } else { false } }.count }
    public var skipped: Int { results.filter { if case .skipped = $0.outcome { true } else { false } }.count }

    /// True when every flow passed (flaky counts) and nothing was interrupted.
    public var succeeded: Bool { !interrupted && results.allSatisfy(\.outcome.isPass) }
}
