import AsyncHTTPClient
import ParleyCore
import ParleyHTTP
import ParleyModel

/// Sends bodies the way the webhook plugin does (its headers, HMAC-SHA256 signature, retries and
/// backoff) for callers other than the plugin: the monitor's alerts.
///
/// Deliveries run until delivered or out of retries; `flush(within:)` then bounds the ones still
/// under way, and `abandon()` stops them at once, as the plugin's run end does.
public struct WebhookPoster: Sendable {
    /// The settings it sends with (`url`, `format`, `secret`, `retries`, `headers`, `timeout`, `flush`).
    public let options: WebhookPlugin.Options
    private let sender: WebhookSender
    private let bound: Flush

    /// A poster over the caller's HTTP client (the caller shuts it down); `clock` times the backoff.
    public init(options: WebhookPlugin.Options, client: HTTPClient, clock: any MonotonicClock = SystemClock()) {
        self.options = options
        sender = WebhookSender(options: options, client: client)
        bound = Flush(clock: clock)
    }

    /// POSTs `body` (compact JSON); nil when delivered, else why not, named by `plugin` and the URL
    /// without credentials.
    public func post(_ body: JSONValue, plugin: String, about flow: String? = nil) async -> DeliveryFailure? {
        guard let giveUp = await sender.deliver(WebhookPlugin.bytes(body), flush: bound) else { return nil }
        return DeliveryFailure(
            plugin: plugin, flow: flow, url: HTTPFailureText.displayURL(options.url), attempts: giveUp.attempts, cause: giveUp.cause,
            reason: giveUp.reason)
    }

    /// From now on, deliveries under way give up at `options.flush` from now.
    public func flush() {
        bound.begin(deadline: bound.clock.now + options.flush)
    }

    /// Deliveries under way stop at once.
    public func abandon() {
        bound.abandon()
    }
}
