import ParleyHTTP
import ParleyModel

extension MetricsPlugin {
    /// The metrics plugin's settings: where the metrics go (a textfile, a Pushgateway or both)
    /// and the labels they carry.
    ///
    /// `parse(_:)` reads the `metrics:` entry of `parley.yaml`; `timeout` and `backoff` have no
    /// YAML keys and exist so tests and embedders can shrink them.
    public struct Options: Hashable, Sendable {
        /// The node_exporter textfile (`file:`), absolute or relative to parley.yaml; nil writes none.
        public var file: String?
        /// The Pushgateway's base URL (`pushgateway:`), such as `http://pushgateway:9091`; nil pushes nothing.
        public var pushgateway: String?
        /// The Pushgateway job (`job:`): the URL's `/metrics/job/<job>`.
        public var job: String
        /// The Pushgateway grouping labels (`grouping:`), after the job in the URL, in name order.
        public var grouping: [Label]
        /// Labels added to every series (`labels:`), in name order.
        public var labels: [Label]
        /// Basic-auth user for the Pushgateway (`username:`).
        public var username: String?
        /// Basic-auth password for the Pushgateway (`password:`); masked in every output.
        public var password: String?
        /// Further push attempts after a 5xx or a transport error (`retries:`).
        public var retries: Int
        /// How long the end of the run waits for the push, retries included (`flush:`).
        public var flush: Duration
        /// The limit for one attempt, connection included.
        public var timeout: Duration
        /// The wait before the first retry; each later one doubles it.
        public var backoff: Duration

        /// Creates options; the defaults match `parse(_:)`'s.
        public init(
            file: String? = nil, pushgateway: String? = nil, job: String = "parley", grouping: [Label] = [], labels: [Label] = [],
            username: String? = nil, password: String? = nil, retries: Int = 2, flush: Duration = .seconds(10),
            timeout: Duration = .seconds(10), backoff: Duration = .milliseconds(500)
        ) {
            self.file = file
            self.pushgateway = pushgateway
            self.job = job
            self.grouping = grouping
            self.labels = labels
            self.username = username
            self.password = password
            self.retries = retries
            self.flush = flush
            self.timeout = timeout
            self.backoff = backoff
        }

        /// One label: a Prometheus label name and its value.
        public struct Label: Hashable, Sendable {
            public var name: String
            public var value: String

            /// Creates a label.
            public init(_ name: String, _ value: String) {
                self.name = name
                self.value = value
            }
        }
    }
}

extension MetricsPlugin.Options: CustomStringConvertible {
    /// The options with the password masked, so printing them never leaks it.
    public var description: String {
        let grouping = grouping.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
        let labels = labels.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
        let password = password == nil ? "none" : "***"
        return "metrics(file: \(file ?? "none"), pushgateway: \(pushgateway.map(HTTPFailureText.displayURL) ?? "none"), job: \(job), "
            + "grouping: [\(grouping)], labels: [\(labels)], username: \(username ?? "none"), password: \(password), "
            + "retries: \(retries), flush: \(flush.flowText))"
    }
}
