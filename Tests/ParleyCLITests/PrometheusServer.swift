import Foundation
import ParleyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Debian's `prometheus`, started on a free port of 127.0.0.1 with a generated config (one job,
/// `parley`, scraping 127.0.0.1:`port` every second) and its storage in a temporary folder, and
/// stopped by its PID. Its absence fails the test that needs it: scripts/test installs it.
final class PrometheusServer {
    /// Where Debian's package puts it.
    static let binary = "/usr/bin/prometheus"

    /// One series of an instant vector: its labels and its value as Prometheus wrote it.
    struct Series: CustomStringConvertible {
        var labels: [String: String]
        var value: String
        var description: String { "\(labels) \(value)" }
    }

    let port: Int
    private let process: SpawnedProcess
    private let folder: URL
    private let log: URL

    init(scraping target: Int) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw PrometheusServerError(description: "\(Self.binary) is missing: run scripts/test, which installs Debian's prometheus")
        }
        folder = try ProjectPaths.temporaryFolder()
        log = folder.appendingPathComponent("prometheus.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let config = folder.appendingPathComponent("prometheus.yml")
        try """
            global:
              scrape_interval: 1s
              evaluation_interval: 1s
            scrape_configs:
              - job_name: parley
                static_configs:
                  - targets: ["127.0.0.1:\(target)"]

            """.write(to: config, atomically: true, encoding: .utf8)
        port = try PushgatewayServer.freePort()
        process = try SpawnedProcess(
            executable: URL(fileURLWithPath: Self.binary),
            arguments: [
                "--config.file=\(config.path)", "--storage.tsdb.path=\(folder.appendingPathComponent("data").path)",
                "--web.listen-address=127.0.0.1:\(port)", "--log.level=warn",
            ],
            stderr: log)
    }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Asks `/api/v1/query` until `done` holds of the result (Prometheus starting up and its
    /// first scrapes are what it waits for), at most 180 s (a bound on a hang, not a timing goal); then the last answer and Prometheus'
    /// log go in the error.
    func query(_ promql: String, until done: ([Series]) -> Bool) async throws -> [Series] {
        var components = URLComponents(string: "http://127.0.0.1:\(port)/api/v1/query")!
        components.queryItems = [URLQueryItem(name: "query", value: promql)]
        let deadline = ContinuousClock.now + .seconds(180)
        var last = "no answer"
        while ContinuousClock.now < deadline {
            guard process.isRunning else { break }
            if let text = await BlockingGet.text(components.url!) {
                last = text
                if let series = Self.vector(Data(text.utf8)), done(series) { return series }
            }
            try await Task.sleep(for: .milliseconds(200))  // between polls; the next scrape is at most 1 s away
        }
        let errors = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw PrometheusServerError(description: "\(promql): no wanted answer within 180 s; last: \(last.prefix(600)); prometheus: \(errors.suffix(1500))")
    }

    /// The series of a successful instant-vector answer; nil for anything else.
    static func vector(_ data: Data) -> [Series]? {
        guard let answer = try? JSONSerialization.jsonObject(with: data) as? [String: Any], answer["status"] as? String == "success",
            let body = answer["data"] as? [String: Any], let result = body["result"] as? [[String: Any]]
        else { return nil }
        return result.map { series in
            let value = (series["value"] as? [Any])?.last as? String ?? ""
            return Series(labels: series["metric"] as? [String: String] ?? [:], value: value)
        }
    }
}

/// A server the test needed did not start or did not answer.
struct PrometheusServerError: Error, CustomStringConvertible {
    var description: String
}
