import Logging
import ParleyCore
import ParleyModel
import ParleyWebhook

/// Sends a check's alerts: once when it has failed `after` times in a row, once when it passes
/// again (`AlertRule`), through the webhook plugin's poster (its format, signature and retries).
///
/// Deliveries go out from `deliver()`, a task of the monitor's own, so a slow receiver never holds
/// up a check; each outcome is logged and handed to `onDelivery` (the metrics count it).
public final class Alerter: MonitorObserver, Sendable {
    /// An alert's delivery: which check, which transition, and why it failed (nil: delivered).
    public struct Delivery: Sendable {
        public var check: String
        public var kind: AlertKind
        public var failure: DeliveryFailure?
    }

    struct Job: Sendable {
        var kind: AlertKind
        var record: CheckRecord
        var failures: Int
    }

    private let poster: WebhookPoster
    private let book: Book
    private let jobs: AsyncStream<Job>
    private let queue: AsyncStream<Job>.Continuation
    private let logger: Logger
    private let redactor: Redactor
    private let onDelivery: @Sendable (Delivery) async -> Void
    /// Deliveries under way at once.
    static let concurrency = 4

    /// An alerter posting with `poster`, alerting after `after` consecutive failures.
    /// `redactor` masks the secrets the webhook's settings read (a Slack URL's token) in what is logged.
    public init(
        after: Int, poster: WebhookPoster, logger: Logger, redactor: Redactor = Redactor(),
        onDelivery: @escaping @Sendable (Delivery) async -> Void = { _ in }
    ) {
        self.poster = poster
        self.logger = logger
        self.redactor = redactor
        self.onDelivery = onDelivery
        book = Book(after: after)
        (jobs, queue) = AsyncStream.makeStream(of: Job.self)
    }

    public func checkFinished(_ record: CheckRecord) async {
        guard let (kind, failures) = await book.receive(record) else { return }
        logger.warning(
            "check \(kind == .failing ? "is failing" : "recovered"); alerting",
            metadata: ["check": .string(record.check), "consecutive_failures": .stringConvertible(failures)])
        queue.yield(Job(kind: kind, record: record, failures: failures))
    }

    /// Takes in runs from before a restart (oldest first) without alerting, so a check that was
    /// already failing is not alerted again, and its recovery still is.
    public func seed(_ records: [CheckRecord]) async {
        for record in records { _ = await book.receive(record) }
    }

    /// Delivers alerts as they come, a few at once, until `finish()`; then waits for those under
    /// way at most the webhook's `flush:`.
    public func deliver() async {
        await withTaskGroup(of: Void.self) { group in
            var running = 0
            for await job in jobs {
                if running >= Self.concurrency {
                    await group.next()
                    running -= 1
                }
                group.addTask { await self.send(job) }
                running += 1
            }
        }
    }

    /// No more alerts: deliveries under way get the webhook's `flush:` deadline, then `deliver()` returns.
    public func finish() {
        poster.flush()
        queue.finish()
    }

    private func send(_ job: Job) async {
        let body: JSONValue
        switch poster.options.format {
        case .json: body = AlertPayload.json(job.kind, job.record, failures: job.failures)
        case .slack: body = AlertPayload.slack(job.kind, job.record, failures: job.failures)
        }
        let failure = await poster.post(body, plugin: "alert")
        if let failure {
            logger.error("alert not delivered: \(redactor.redact(failure.description))", metadata: ["check": .string(job.record.check), "kind": .string(job.kind.rawValue)])
        } else {
            logger.info("alert delivered", metadata: ["check": .string(job.record.check), "kind": .string(job.kind.rawValue)])
        }
        await onDelivery(Delivery(check: job.record.check, kind: job.kind, failure: failure))
    }

    /// Each check's rule.
    actor Book {
        let after: Int
        var rules: [String: AlertRule] = [:]

        init(after: Int) {
            self.after = after
        }

        func receive(_ record: CheckRecord) -> (AlertKind, Int)? {
            var rule = rules[record.check] ?? AlertRule(after: after)
            let failures = rule.failures + (record.outcome.counts && !record.outcome.isUp ? 1 : 0)
            let kind = rule.receive(record.outcome)
            rules[record.check] = rule
            return kind.map { ($0, failures) }
        }
    }
}
