import AsyncHTTPClient
import ParleyCore
import ParleyModel

/// The built-in `webhook` plugin: POSTs a JSON (or Slack) summary per flow or per run, when the
/// `on:` triggers match, with retries, exponential backoff and an optional HMAC-SHA256 signature.
///
/// ```yaml
/// plugins:
///   - webhook: { url: "${env.ALERT_URL}", on: [failure], per: run, secret: "${secret.HOOK_KEY}" }
/// ```
///
/// Per flow, `handle` POSTs when a `flowFinished` event matches; per run, `finish` POSTs the
/// summary. A delivery whose attempts all fail throws a `WebhookError` for the host to report.
public struct WebhookPlugin: Plugin {
    public let name = "webhook"

    /// The settings it runs with.
    public let options: Options
    private let sender: WebhookSender

    /// Creates the plugin. `client` defaults to AsyncHTTPClient's shared client, which needs no
    /// shutdown; a client passed in stays the caller's to shut down. `clock` times the backoff.
    public init(options: Options, client: HTTPClient = .shared, clock: any MonotonicClock = SystemClock()) {
        self.options = options
        sender = WebhookSender(options: options, client: client, clock: clock)
    }

    /// Creates the plugin from its `parley.yaml` settings (see `Options.parse(_:)`).
    public init(settings: [String: JSONValue], client: HTTPClient = .shared, clock: any MonotonicClock = SystemClock()) throws {
        self.init(options: try Options.parse(settings), client: client, clock: clock)
    }

    public func handle(_ event: PluginEvent) async throws {
        guard case .flowFinished(var result) = event.kind else { return }
        // The runner sends a `--retries` attempt that passed as passed; the summary calls it flaky.
        if result.outcome == .passed, result.run.attempt > 1 { result.outcome = .flaky }
        switch options.per {
        case .flow:
            guard options.wants(result.outcome) else { return }
            try await send(flow: result)
        case .run:
            return
        }
    }

    public func finish(_ summary: RunSummary) async throws {
        switch options.per {
        case .run:
            guard options.wants(summary) else { return }
            try await send(run: summary)
        case .flow:
            return
        }
    }

    private func send(flow result: FlowResult) async throws {
        switch options.format {
        case .json: try await sender.deliver(Self.bytes(WebhookPayload.flow(result)))
        case .slack: try await sender.deliver(Self.bytes(SlackPayload.flow(result)))
        }
    }

    private func send(run summary: RunSummary) async throws {
        switch options.format {
        case .json: try await sender.deliver(Self.bytes(WebhookPayload.run(summary)))
        case .slack: try await sender.deliver(Self.bytes(SlackPayload.run(summary)))
        }
    }

    /// A body's bytes: the JSON on one line, UTF-8.
    static func bytes(_ body: JSONValue) -> [UInt8] {
        Array(body.compactText().utf8)
    }
}
