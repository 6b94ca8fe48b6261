extension WebhookPlugin.Options {
    /// Exponential backoff between attempts: `initial`, then times `factor` each retry, capped at
    /// `maximum`, optionally shortened by up to `jitter` of itself.
    public struct Backoff: Hashable, Sendable {
        /// The wait before the first retry.
        public var initial: Duration
        /// How much each wait grows over the one before.
        public var factor: Double
        /// The longest computed wait.
        public var maximum: Duration
        /// The fraction (0...1) a wait may be shortened by at random, so many senders spread out.
        public var jitter: Double
        /// The longest `Retry-After` a 429 answer is obeyed for; longer requests wait this long.
        public var maximumRetryAfter: Duration

        /// Creates a backoff: by default 0.5s, 1s, 2s, 4s, 8s, 8s… with no jitter.
        public init(
            initial: Duration = .milliseconds(500), factor: Double = 2, maximum: Duration = .seconds(8), jitter: Double = 0,
            maximumRetryAfter: Duration = .seconds(60)
        ) {
            self.initial = initial
            self.factor = factor
            self.maximum = maximum
            self.jitter = jitter
            self.maximumRetryAfter = maximumRetryAfter
        }

        /// The wait before retry `retry` (from 1), before jitter.
        public func delay(beforeRetry retry: Int) -> Duration {
            var delay = initial
            for _ in 1..<max(retry, 1) {
                delay = delay * factor
                if delay >= maximum { return maximum }
            }
            return min(delay, maximum)
        }

        /// `delay` shortened by `jitter` times `unit`, where `unit` is a random number in 0..<1.
        public func jittered(_ delay: Duration, unit: Double) -> Duration {
            let fraction = min(max(jitter, 0), 1) * min(max(unit, 0), 1)
            return delay * (1 - fraction)
        }
    }
}
