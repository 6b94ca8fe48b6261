import ParleyModel
import Testing

@testable import ParleyMetrics

/// `metrics:` settings: what they read, and a readable error naming the key for each mistake.
@Suite("metrics: settings")
struct MetricsOptionsTests {
    @Test("a textfile alone; a Pushgateway with its job, grouping, labels and basic auth")
    func reads() throws {
        let file = try MetricsPlugin.Options.parse(["file": "metrics/parley.prom"])
        #expect(file.file == "metrics/parley.prom" && file.pushgateway == nil && file.job == "parley" && file.retries == 2)
        let push = try MetricsPlugin.Options.parse([
            "pushgateway": "http://127.0.0.1:9091/", "job": "smoke", "grouping": .object([JSONMember("instance", "ci-1")]),
            "labels": .object([JSONMember("team", "qa"), JSONMember("env", .number(2))]), "username": "ops",
            "password": "hunter2", "retries": 0, "flush": .number(3),
        ])
        #expect(push.pushgateway == "http://127.0.0.1:9091/" && push.job == "smoke" && push.retries == 0 && push.flush == .seconds(3))
        #expect(push.grouping == [.init("instance", "ci-1")])
        #expect(push.labels == [.init("env", "2"), .init("team", "qa")], "sorted by name")
        #expect(push.username == "ops" && push.password == "hunter2")
    }

    @Test("the password is masked when the options are printed")
    func passwordMasked() throws {
        let options = try MetricsPlugin.Options.parse(["pushgateway": "http://gw:9091", "username": "ops", "password": "hunter2"])
        #expect(!"\(options)".contains("hunter2"))
        #expect("\(options)".contains("password: ***"))
    }

    @Test(
        "mistakes name their key",
        arguments: [
            ([:], "metrics: file: required unless pushgateway is set: say where the metrics go"),
            (["port": .number(9100)], "metrics: port: a one-shot run ends before Prometheus could scrape it; use file (node_exporter), pushgateway, or parley monitor"),
            (["fiel": "a.prom"], "metrics: fiel: unknown setting; expected one of file, pushgateway, job, grouping, labels, username, password, retries, flush"),
            (["file": "out.txt"], #"metrics: file: expected a path ending in .prom (node_exporter reads no other); got "out.txt""#),
            (["file": .number(3)], "metrics: file: expected a path ending in .prom; got 3"),
            (["pushgateway": "ftp://gw"], #"metrics: pushgateway: expected an http or https URL; got "ftp://gw""#),
            (["pushgateway": "http://u:p@gw:9091"], "metrics: pushgateway: expected the Pushgateway's base URL with no query, fragment or credentials (use username and password)"),
            (["file": "a.prom", "job": "x"], "metrics: job: only used with pushgateway, which is not set"),
            (["file": "a.prom", "labels": .object([JSONMember("flow", "x")])], "metrics: labels: flow is a label Parley or Prometheus sets itself"),
            (["file": "a.prom", "labels": .object([JSONMember("1st", "x")])], #"metrics: labels: "1st" is not a label name: letters, digits and _, not starting with a digit"#),
            (["file": "a.prom", "labels": .object([JSONMember("__name__", "x")])], "metrics: labels: __name__ starts with __, which Prometheus keeps for itself"),
            (["file": "a.prom", "labels": .array([])], "metrics: labels: expected a map of label names to values; got []"),
            (
                ["pushgateway": "http://gw", "labels": .object([JSONMember("instance", "a")]), "grouping": .object([JSONMember("instance", "b")])],
                "metrics: grouping: instance is also in labels; name each label once"
            ),
            (["pushgateway": "http://gw", "grouping": .object([JSONMember("job", "b")])], "metrics: grouping: job is a label Parley or Prometheus sets itself"),
            (["pushgateway": "http://gw", "password": "p"], "metrics: username: required with password (basic auth)"),
            (["pushgateway": "http://gw", "retries": .number(11)], "metrics: retries: expected a whole number from 0 to 10; got 11"),
            (["pushgateway": "http://gw", "flush": "forever"], #"metrics: flush: expected a duration from 1ms to 10m, like 10s or 1m; got "forever""#),
        ] as [([String: JSONValue], String)])
    func mistakes(settings: [String: JSONValue], message: String) {
        #expect(throws: MetricsError.self) { try MetricsPlugin.Options.parse(settings) }
        do {
            _ = try MetricsPlugin.Options.parse(settings)
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test("the push URL: job and grouping as path segments; an empty value or one with a slash in base64url")
    func pushURL() {
        #expect(Pushgateway.url(base: "http://gw:9091/", job: "parley", grouping: []) == "http://gw:9091/metrics/job/parley")
        #expect(
            Pushgateway.url(base: "http://gw:9091/prefix", job: "smoke test", grouping: [.init("instance", "ci/1"), .init("zone", "")])
                == "http://gw:9091/prefix/metrics/job/smoke%20test/instance@base64/Y2kvMQ==/zone@base64/=")
    }
}
