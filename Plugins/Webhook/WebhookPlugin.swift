import AsyncHTTPClient
import ParleyCore
import ParleyHTTP
import ParleyModel

/// The built-in `webhook` plugin: POSTs a JSON (or Slack) summary per flow or per run, when the
/// `on:` triggers match, with retries, exponential backoff and an optional HMAC-SHA256 signature.
///
/// ```yaml
/// plugins:
///   - webhook: { url: "${env.ALERT_URL}", on: [failure], per: run, secret: "${secret.HOOK_KEY}" }
/// ```
///
/// Per flow, `handle` queues a delivery when a `flowFinished` event matches and returns at once;
/// `deliver()` sends the queue in the background, `concurrency` at a time, while flows run. Per
/// run, `settle` queues the summary. `settle` then waits for every delivery, at most `flush`, and
/// returns the ones that failed; the host puts them in the run summary.
public struct WebhookPlugin: DeliveringPlugin {
    public let name = "webhook"

    /// The settings it runs with.
    public let options: Options
    private let sender: WebhookSender
    private let outbox = Outbox()
    private let flush: Flush

    /// Creates the plugin. `client` is the run's HTTP client, the caller's to shut down after
    /// `finish`. `clock` times the backoff and the flush deadline.
    public init(options: Options, client: HTTPClient, clock: any MonotonicClock = SystemClock()) {
        self.options = options
        sender = WebhookSender(options: options, client: client)
        flush = Flush(clock: clock)
    }

    /// Creates the plugin from its `parley.yaml` settings (see `Options.parse(_:)`).
    public init(settings: [String: JSONValue], client: HTTPClient, clock: any MonotonicClock = SystemClock()) throws {
        self.init(options: try Options.parse(settings), client: client, clock: clock)
    }

    public func handle(_ event: PluginEvent) async throws {
        guard case .flowFinished(var result) = event.kind else { return }
        // The runner sends a `--retries` attempt that passed as passed; the summary calls it flaky.
        if result.outcome == .passed, result.run.attempt > 1 { result.outcome = .flaky }
        switch options.per {
        case .flow:
            guard options.wants(result.outcome) else { return }
            await outbox.post(Outbox.Job(body: Self.body(flow: result, format: options.format), flow: result.run.id))
        case .run:
            return
        }
    }

    public func deliver() async {
        await withTaskGroup(of: DeliveryFailure?.self) { group in
            var running = 0
            while let job = await outbox.next() {
                if running >= max(options.concurrency, 1), let ended = await group.next() {
                    running -= 1
                    if let ended { await outbox.record(ended) }
                }
                group.addTask { await self.send(job) }
                running += 1
            }
            for await ended in group {
                if let ended { await outbox.record(ended) }
            }
        }
        await outbox.finish()
    }

    public func settle(_ summary: RunSummary) async -> [DeliveryFailure] {
        switch options.per {
        case .run:
            if options.wants(summary) { await outbox.post(Outbox.Job(body: Self.body(run: summary, format: options.format), flow: nil)) }
        case .flow:
            break
        }
        flush.begin(deadline: flush.clock.now + options.flush)
        await outbox.close()
        return await outbox.settled()
    }

    public func abandon() {
        flush.abandon()
    }

    /// Nothing is left to do: `settle` made and waited for every delivery.
    public func finish(_ summary: RunSummary) async throws {}

    private func send(_ job: Outbox.Job) async -> DeliveryFailure? {
        guard let giveUp = await sender.deliver(job.body, flush: flush) else { return nil }
        return DeliveryFailure(
            plugin: name, flow: job.flow, url: HTTPFailureText.displayURL(options.url), attempts: giveUp.attempts, cause: giveUp.cause,
            reason: giveUp.reason)
    }

    /// The body for one flow run, in `format`.
    static func body(flow result: FlowResult, format: Options.Format) -> [UInt8] {
        switch format {
        case .json: return bytes(WebhookPayload.flow(result))
        case .slack: return bytes(SlackPayload.flow(result))
        }
    }

    /// The body for the run, in `format`.
    static func body(run summary: RunSummary, format: Options.Format) -> [UInt8] {
        switch format {
        case .json: return bytes(WebhookPayload.run(summary))
        case .slack: return bytes(SlackPayload.run(summary))
        }
    }

    /// A body's bytes: the JSON on one line, UTF-8.
    static func bytes(_ body: JSONValue) -> [UInt8] {
        Array(body.compactText().utf8)
    }
}
