import ParleyModel

extension WebhookPlugin {
    /// The webhook's settings: where to POST, when, how, and how hard to try.
    ///
    /// `parse(_:)` reads the `webhook:` entry of `parley.yaml`; `backoff` has no YAML key and
    /// exists so tests and embedders can shrink it.
    public struct Options: Hashable, Sendable {
        /// The endpoint, an `http` or `https` URL.
        public var url: String
        /// When to send (`on:`); a delivery goes out when any trigger matches.
        public var on: Set<Trigger>
        /// One POST per flow or one per run (`per:`).
        public var per: Scope
        /// The HMAC-SHA256 key for `X-Parley-Signature`; never sent itself.
        public var secret: String?
        /// The body's shape (`format:`).
        public var format: Format
        /// Further attempts after the first fails with a 5xx, a 429 or a transport error.
        public var retries: Int
        /// Extra request headers (`headers:`), sent before Parley's own.
        public var headers: [String: String]
        /// The limit for one attempt, connection included (`timeout:`).
        public var timeout: Duration
        /// The waits between attempts.
        public var backoff: Backoff
        /// How long the end of the run waits for deliveries still under way (`flush:`); a retry
        /// that would come later is not waited for.
        public var flush: Duration
        /// Deliveries sent at once; more wait their turn.
        public var concurrency: Int

        /// Creates options; the defaults match `parse(_:)`'s.
        public init(
            url: String, on: Set<Trigger> = [.failure], per: Scope = .run, secret: String? = nil, format: Format = .json,
            retries: Int = 3, headers: [String: String] = [:], timeout: Duration = .seconds(10), backoff: Backoff = Backoff(),
            flush: Duration = Self.defaultFlush, concurrency: Int = 4
        ) {
            self.url = url
            self.on = on
            self.per = per
            self.secret = secret
            self.format = format
            self.retries = retries
            self.headers = headers
            self.timeout = timeout
            self.backoff = backoff
            self.flush = flush
            self.concurrency = concurrency
        }

        /// The flush deadline when `flush:` is not set: 10 seconds.
        public static let defaultFlush = Duration.seconds(10)
        /// The longest `flush:` allowed: 10 minutes.
        public static let longestFlush = Duration.seconds(600)

        /// When a delivery goes out.
        public enum Trigger: String, Hashable, Sendable, CaseIterable {
            /// A flow failed (per flow), or the run did not succeed (per run).
            case failure
            /// A flow passed, flaky included (per flow), or the whole run succeeded (per run).
            case success
            /// Every finished flow, or every run.
            case always
        }

        /// What one delivery covers.
        public enum Scope: String, Hashable, Sendable, CaseIterable {
            /// One POST per finished flow run, as it finishes.
            case flow
            /// One POST at the end, with the run summary.
            case run
        }

        /// The body's shape.
        public enum Format: String, Hashable, Sendable, CaseIterable {
            /// Parley's JSON summary (docs/webhook.md).
            case json
            /// A Slack incoming-webhook message: `{"text": "…"}`.
            case slack
        }
    }
}

extension WebhookPlugin.Options: CustomStringConvertible {
    /// The options with the secret masked, so printing them never leaks it.
    public var description: String {
        let triggers = on.map(\.rawValue).sorted().joined(separator: ", ")
        let secretText = secret == nil ? "none" : "***"
        return "webhook(url: \(url), on: [\(triggers)], per: \(per.rawValue), format: \(format.rawValue), "
            + "retries: \(retries), flush: \(flush.flowText), secret: \(secretText))"
    }
}
