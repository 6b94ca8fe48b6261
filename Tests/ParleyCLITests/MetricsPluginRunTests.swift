import Foundation
import ParleyTesting
import Testing

/// `parley run` with the `metrics` plugin over the failing fixtures (four flows fail, one
/// passes): the textfile and the Pushgateway's copy parse with Prometheus' own Python parser and
/// count what report.json counts; a Pushgateway that is down is a failed delivery, not a crash.
@Suite("parley run: the metrics plugin")
struct MetricsPluginRunTests {
    let executable = ProjectPaths.product("parley")
    /// The secret the canary flow needs (it fails: the agent echoes it).
    let environment = ["PARLEY_CANARY": "canary-7f3a"]

    /// A copy of `Fixtures/failing` with `entry` added to its plugins.
    static func project(adding entry: String) throws -> (folder: URL, project: URL) {
        let folder = try RunFixtures.copy()
        let project = folder.appendingPathComponent("Fixtures/failing")
        var config = try String(contentsOf: project.appendingPathComponent("parley.yaml"), encoding: .utf8)
        config += "  - \(entry)\n"
        try config.write(to: project.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        return (folder, project)
    }

    /// One parsed family: its name as the parser gives it (a counter's without `_total`), type, help and samples.
    struct Family {
        var name: String
        var type: String
        var help: String
        var samples: [(name: String, labels: [String: String], value: Double)]
    }

    /// The families `prom_parse.py` reads from a file or URL; a text it rejects fails the test.
    static func parse(_ source: String) async throws -> [String: Family] {
        let output = try await CommandRunner(executable: ProjectPaths.python).run([RunFixtures.fixtures.appendingPathComponent("prom_parse.py").path, source])
        try #require(output.status == 0, "prometheus_client rejected the text: \(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        var families: [String: Family] = [:]
        for family in try #require(json["families"] as? [[String: Any]]) {
            let samples = (family["samples"] as? [[String: Any]] ?? []).map {
                (name: $0["name"] as? String ?? "", labels: $0["labels"] as? [String: String] ?? [:], value: ($0["value"] as? NSNumber)?.doubleValue ?? .nan)
            }
            let name = family["name"] as? String ?? ""
            families[name] = Family(name: name, type: family["type"] as? String ?? "", help: family["help"] as? String ?? "", samples: samples)
        }
        return families
    }

    static func report(_ project: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: project.appendingPathComponent("reports/report.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Checks `families` against report.json: flows by outcome, one duration per flow run, the last-run gauges.
    static func expectMatches(_ families: [String: Family], report: [String: Any], labels: [String: String]) throws {
        let counts = try #require(report["counts"] as? [String: Int])
        let runs = try #require(families["parley_flow_runs"], "families: \(families.keys.sorted())")
        #expect(runs.type == "counter")
        #expect(runs.help == "Flow runs finished, by flow, agent and outcome.")
        for outcome in ["passed", "flaky", "failed", "skipped"] {
            let total = runs.samples.filter { $0.name == "parley_flow_runs_total" && $0.labels["outcome"] == outcome }.map(\.value).reduce(0, +)
            #expect(total == Double(counts[outcome] ?? -1), "\(outcome): \(total) in the metrics, \(counts[outcome] ?? -1) in report.json")
        }
        #expect(counts["failed"] == 4 && counts["passed"] == 1, "the fixture: four flows fail, one passes: \(counts)")
        let passing = runs.samples.first { $0.labels["flow"] == "05-passes.flow.yaml" && $0.labels["outcome"] == "passed" }
        #expect(passing?.value == 1)
        #expect(runs.samples.allSatisfy { $0.labels["agent"] == "echo" }, "the fixture's flows talk to agent echo")
        for sample in runs.samples { #expect(sample.labels.filter { labels[$0.key] != nil } == labels, "every series carries labels:") }

        let durations = try #require(families["parley_flow_duration_seconds"])
        #expect(durations.type == "histogram")
        let counted = durations.samples.filter { $0.name == "parley_flow_duration_seconds_count" }
        #expect(counted.count == 5 && counted.allSatisfy { $0.value == 1 }, "one observation per flow run: \(counted)")
        let buckets = durations.samples.filter { $0.name == "parley_flow_duration_seconds_bucket" && $0.labels["flow"] == "05-passes.flow.yaml" }
        // By value: the Pushgateway writes `1` where the textfile has `1.0`.
        #expect(buckets.map { Double($0.labels["le"] ?? "") ?? .nan } == [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, .infinity])

        let firstToken = try #require(families["parley_first_token_latency_seconds"])
        #expect(firstToken.type == "histogram")
        let turns = firstToken.samples.first { $0.name == "parley_first_token_latency_seconds_count" && $0.labels["flow"] == "05-passes.flow.yaml" }
        #expect(turns?.value == 1, "the passing flow's one turn has its first token measured")

        let success = try #require(families["parley_last_run_success"])
        #expect(success.type == "gauge" && success.samples.first?.value == 0, "four flows failed")
        let timestamp = try #require(families["parley_last_run_timestamp_seconds"]?.samples.first?.value)
        #expect(abs(timestamp - Date().timeIntervalSince1970) < 600, "the run ended just now: \(timestamp)")
        #expect(families["parley_run_duration_seconds"]?.type == "gauge")
    }

    @Test("a textfile: written whole, parsed by prometheus_client, counts as report.json does, labels escaped, no secret")
    func textfile() async throws {
        let (folder, project) = try Self.project(adding: #"metrics: { file: textfile/parley.prom, labels: { team: "qa \"night\"\\ops" } }"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CommandRunner(executable: executable, directory: project, environment: environment).run(["run", "."])
        #expect(output.status == 1, "four flows fail\nstdout: \(output.stdout)\nstderr: \(output.stderr)")
        let file = project.appendingPathComponent("textfile/parley.prom")
        let families = try await Self.parse(file.path)
        try Self.expectMatches(families, report: try Self.report(project), labels: ["team": #"qa "night"\ops"#])
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("canary-7f3a"))
        let left = try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("textfile").path)
        #expect(left == ["parley.prom"], "no temporary file is left beside it: \(left)")
    }

    @Test("a real Pushgateway receives the push under its job and grouping labels; GET /metrics parses and counts as report.json does")
    func pushgateway() async throws {
        let gateway = try await PushgatewayServer.start()
        defer { gateway.stop() }
        let entry = #"metrics: { pushgateway: "\#(gateway.url)", job: parley-ci, grouping: { instance: "ci/1" }, labels: { team: qa } }"#
        let (folder, project) = try Self.project(adding: entry)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CommandRunner(executable: executable, directory: project, environment: environment).run(["run", "."])
        #expect(output.status == 1, "four flows fail\nstdout: \(output.stdout)\nstderr: \(output.stderr)")
        #expect(!output.stdout.contains("delivery failed"), "\(output.stdout)")
        let families = try await Self.parse("\(gateway.url)/metrics")
        let ours = families.mapValues { family in
            var family = family
            family.samples = family.samples.filter { $0.labels["job"] == "parley-ci" && $0.labels["instance"] == "ci/1" }
            return family
        }
        try Self.expectMatches(ours, report: try Self.report(project), labels: ["team": "qa"])
        // The Pushgateway's own record of the push: its time is set, and the push did not fail.
        let pushed = try #require(families["push_time_seconds"]?.samples.first { $0.labels["job"] == "parley-ci" })
        #expect(pushed.value > 0)
        let failed = families["push_failure_time_seconds"]?.samples.first { $0.labels["job"] == "parley-ci" }
        #expect(failed?.value == 0)
    }

    @Test("a Pushgateway behind basic auth: the right password pushes, a wrong one is a 401 failed delivery, and neither is printed")
    func basicAuth() async throws {
        // bcrypt (cost 5) of "pushgateway-test-pw", made with libcrypt's crypt(3).
        let gateway = try await PushgatewayServer.start(users: ["parley": "$2b$05$abcdefghijklmnopqrstuu2rMAbnIFNqnNddFL7xFouYjrh1sdhXa"])
        defer { gateway.stop() }
        let entry = #"metrics: { pushgateway: "\#(gateway.url)", job: parley-auth, username: parley, password: "${secret.PUSHGATEWAY_PASSWORD}", retries: 0 }"#
        let (folder, project) = try Self.project(adding: entry)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (password, pushed) in [("pushgateway-test-pw", true), ("wrong-password-9c1e", false)] {
            var environment = environment
            environment["PUSHGATEWAY_PASSWORD"] = password
            let output = try await CommandRunner(executable: executable, directory: project, environment: environment).run(["run", "."])
            #expect(output.status == 1, "stderr: \(output.stderr)")
            #expect(!output.stdout.contains(password) && !output.stderr.contains(password))
            let report = try String(contentsOf: project.appendingPathComponent("reports/report.json"), encoding: .utf8)
            #expect(!report.contains(password))
            let lines = RunFixtures.lines(output.stdout, startingWith: "delivery failed: ")
            if pushed {
                #expect(lines.isEmpty, "stdout: \(output.stdout)")
            } else {
                #expect(lines.count == 1 && lines[0].contains("for the run failed after 1 attempt: 401 Unauthorized"), "stdout: \(output.stdout)")
            }
        }
    }

    @Test("a textfile that cannot be written fails the plugin: exit 3 and the reason on standard error")
    func unwritableTextfile() async throws {
        let (folder, project) = try Self.project(adding: "metrics: { file: taken/parley.prom }")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A plain file where the textfile's folder would go.
        try Data().write(to: project.appendingPathComponent("taken"))
        let output = try await CommandRunner(executable: executable, directory: project, environment: environment).run(["run", "."])
        #expect(output.status == 3, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        #expect(output.stderr.contains("plugin failed: metrics: cannot write \(project.appendingPathComponent("taken/parley.prom").path): "), "\(output.stderr)")
    }

    @Test("a Pushgateway that never answers holds the run's end only to the flush deadline; the push is a failed delivery")
    func pushgatewayHangs() async throws {
        let bodies = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: bodies) }
        let server = try await HookServer(bodies: bodies.appendingPathComponent("bodies.txt"), mode: "slow")
        defer { server.stop() }
        let (folder, project) = try Self.project(adding: #"metrics: { pushgateway: "http://127.0.0.1:\#(server.port)", flush: 2s }"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Date()
        let output = try await CommandRunner(executable: executable, directory: project, environment: environment).run(["run", "."])
        let elapsed = Date().timeIntervalSince(started)
        #expect(output.status == 1, "stderr: \(output.stderr)")
        // The server holds the push for an hour: a run that waited for it, or for its own attempt
        // timeouts, would take minutes. That the 2 s deadline itself ends the push is the cause
        // below (and FlushTests on virtual time); how soon is a benchmark's figure, not a bound
        // here, where a loaded machine stretched this run to 28 s.
        #expect(elapsed < 60, "the run took \(elapsed)s")
        let failures = try #require(try Self.report(project)["delivery_failures"] as? [[String: Any]])
        #expect(failures.count == 1)
        #expect(failures.first?["cause"] as? String == "deadline", "\(failures)")
        let pushed = try String(contentsOf: bodies.appendingPathComponent("bodies.txt"), encoding: .utf8)
        #expect(pushed.contains("# TYPE parley_flow_runs_total counter"), "the push reached the server")
    }

    @Test("a Pushgateway that is down: the push is a failed delivery in the summary and report.json, the exit code unchanged")
    func pushgatewayDown() async throws {
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        let (folder, project) = try Self.project(adding: #"metrics: { pushgateway: "http://127.0.0.1:\#(port)", retries: 1, flush: 5s }"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CommandRunner(executable: executable, directory: project, environment: environment).run(["run", "."])
        #expect(output.status == 1, "four flows fail; a failed push does not change the exit code\nstderr: \(output.stderr)")
        let lines = RunFixtures.lines(output.stdout, startingWith: "delivery failed: ")
        #expect(
            lines == ["delivery failed: metrics: PUT http://127.0.0.1:\(port)/metrics/job/parley for the run failed after 2 attempts: connection refused"],
            "stdout: \(output.stdout)")
        let failures = try #require(try Self.report(project)["delivery_failures"] as? [[String: Any]])
        #expect(failures.count == 1)
        #expect(failures.first?["plugin"] as? String == "metrics")
        #expect(failures.first?["cause"] as? String == "receiver")
    }
}
