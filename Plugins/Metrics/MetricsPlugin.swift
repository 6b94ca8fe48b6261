import AsyncHTTPClient
import Foundation
import ParleyCore
import ParleyModel

/// The built-in `metrics` plugin: a one-shot run's Prometheus metrics, written as a node_exporter
/// textfile and/or pushed to a Pushgateway (docs/metrics.md).
///
/// ```yaml
/// plugins:
///   - metrics: { file: /var/lib/node_exporter/textfile/parley.prom }
///   - metrics: { pushgateway: "http://pushgateway:9091", job: parley-smoke, grouping: { instance: ci-1 } }
/// ```
///
/// While flows run, `handle` notes each turn's latencies. `settle` builds the run's registry from
/// the summary and those turns, writes the textfile (atomically) and pushes, at most `flush`;
/// a push that fails comes back as a `DeliveryFailure` for the run summary, like a webhook's. A
/// textfile that cannot be written fails the plugin in `finish`, named in the summary.
public struct MetricsPlugin: DeliveringPlugin {
    public let name = "metrics"

    /// The settings it runs with.
    public let options: Options
    private let textfile: URL?
    private let pushgateway: Pushgateway
    private let ledger = LedgerBox()
    private let flush: Flush

    /// Creates the plugin. A relative `file` is resolved against `baseDirectory` (parley.yaml's
    /// folder). `client` is the run's HTTP client, the caller's to shut down after `finish`.
    /// `clock` times the backoff and the flush deadline.
    public init(options: Options, baseDirectory: URL, client: HTTPClient, clock: any MonotonicClock = SystemClock()) {
        self.options = options
        textfile = options.file.map { path in
            // Appended, not `relativeTo:`, which drops the base's last component unless it ends in a slash.
            (path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseDirectory.appendingPathComponent(path)).standardizedFileURL
        }
        pushgateway = Pushgateway(options: options, client: client)
        flush = Flush(clock: clock)
    }

    /// Creates the plugin from its `parley.yaml` settings (see `Options.parse(_:)`).
    public init(settings: [String: JSONValue], baseDirectory: URL, client: HTTPClient, clock: any MonotonicClock = SystemClock()) throws {
        self.init(options: try Options.parse(settings), baseDirectory: baseDirectory, client: client, clock: clock)
    }

    public func handle(_ event: PluginEvent) async throws {
        await ledger.note(event)
    }

    /// Nothing goes out while flows run: the metrics describe the whole run.
    public func deliver() async {}

    public func settle(_ summary: RunSummary) async -> [DeliveryFailure] {
        let text = RunExposition.text(summary: summary, turns: await ledger.turns, labels: options.labels)
        if let textfile {
            // On a thread of its own: the folder may be slow (a network mount) or the path a FIFO.
            let written = await DedicatedThread.run { Result { () throws(MetricsError) in try Textfile.write(text, to: textfile) } }
            if case .failure(let error) = written { await ledger.fail(error) }
        }
        guard options.pushgateway != nil else { return [] }
        flush.begin(deadline: flush.clock.now + options.flush)
        return await pushgateway.push(text, flush: flush).map { [$0] } ?? []
    }

    public func abandon() {
        flush.abandon()
    }

    /// Reports a textfile that could not be written; the push's failure is already in the summary.
    public func finish(_ summary: RunSummary) async throws {
        if let error = await ledger.failure { throw error }
    }

    /// The textfile's path, resolved.
    public var textfilePath: String? { textfile?.path }
}
