import Foundation
import ParleyTesting
import Testing

/// `parley run`, as the built binary, on the examples and on flows that are meant to fail.
@Suite("parley run")
struct RunCommandTests {
    let executable = ProjectPaths.product("parley")

    @Test("every example in Flows/ passes (the simulator in-process, Flows/polyai and Flows/cometchat over served sockets): exit 0, reports written")
    func examplesPass() async throws {
        // `parley run Flows --parallel 8` in a copy, run once for this test and PlanningTests'.
        let examples = try await ExamplesRun.shared.value
        let output = examples.run
        #expect(output.status == 0, "stdout: \(output.stdout)\nstderr: \(output.stderr)")
        // 12-meaning asks models this machine does not name (PARLEY_EMBEDDINGS_URL): skipped, with
        // the reason, and counted as skipped, never passed (MeaningRunTests runs it with models).
        #expect(output.stdout.contains("29 flows: 28 passed, 0 flaky, 0 failed, 1 skipped in "), "\(output.stdout)")
        #expect(output.stdout.contains("(skipped: models.embeddings is not configured on this machine: environment variable PARLEY_EMBEDDINGS_URL is not set"))
        #expect(examples.junit.contains(#"tests="29" failures="0" errors="0" skipped="1""#))
        #expect(examples.transcripts.count == 28)
    }

    @Test("failing flows exit 1 and say where, what was expected and what came")
    func failuresAreReadable() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = CommandRunner(
            executable: executable, directory: folder.appendingPathComponent("Fixtures/failing"), environment: ["PARLEY_CANARY": "c4n4ry-5ecret"])
        let output = try await runner.run(["run", "."])
        #expect(output.status == 1, "stderr: \(output.stderr)")
        // The summary repeats each failure as file:line:column for a quick jump in an editor.
        let summary = output.stdout.components(separatedBy: "\n\n").last ?? ""
        #expect(
            RunFixtures.lines(summary, startingWith: "0") == [
                #"01-wrong-reply.flow.yaml:4:5: expected reply containing "shipped" within 1s; got reply "Your order A-1042 is delayed" (no "shipped")"#,
                #"02-tap-not-offered.flow.yaml:4:5: tap "Track my parcel": not a suggestion the agent offered; offered: "Order status", "Talk to a person""#,
                #"03-bad-form-value.flow.yaml:5:5: fill: country: "france" is not one of its options: uk, usa"#,
                #"04-canary-secret.flow.yaml:6:5: expected reply containing "not ${secret.PARLEY_CANARY}" within 200ms; got reply "You said: My token is ***" (no "not ***")"#,
            ])
        #expect(output.stdout.contains("5 flows: 1 passed, 0 flaky, 4 failed, 0 skipped in "))
        // The flow after a failure did not act: nothing was sent after the failed expect.
        let transcript = try String(
            contentsOf: folder.appendingPathComponent("Fixtures/failing/reports/transcripts/01-wrong-reply.jsonl"), encoding: .utf8)
        let actions = transcript.split(separator: "\n").filter { $0.contains(#""type": "user_action""#) }
        #expect(actions.count == 1, "only the first send was performed")
        #expect(!actions.contains { $0.contains("never sent") })
    }

    @Test("a canary secret appears in no output: console, transcripts, reports, webhook bodies")
    func canaryNeverLeaks() async throws {
        let canary = "c4n4ry-\(UUID().uuidString.prefix(8))"
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/failing")
        let bodies = folder.appendingPathComponent("webhook-bodies.txt")
        let server = try await HookServer(bodies: bodies)
        defer { server.stop() }
        var config = try String(contentsOf: project.appendingPathComponent("parley.yaml"), encoding: .utf8)
        config += """
              - webhook: { url: "http://127.0.0.1:\(server.port)/hook", on: [always], per: flow, secret: "${secret.PARLEY_CANARY}" }
              - webhook: { url: "http://127.0.0.1:\(server.port)/hook", on: [always], per: run }

            """
        try config.write(to: project.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        let output = try await CommandRunner(executable: executable, directory: project, environment: ["PARLEY_CANARY": canary])
            .run(["run", ".", "--junit", "out/junit.xml", "--json", "out/report.json", "--transcripts", "out/transcripts"])
        #expect(output.status == 1, "stderr: \(output.stderr)")
        #expect(output.stdout.contains("***"), "the echoed secret is shown masked")
        #expect(!output.stdout.contains(canary) && !output.stderr.contains(canary))
        let files = RunFixtures.texts(under: project).filter { $0.key.hasPrefix("reports/") || $0.key.hasPrefix("out/") }
        #expect(files.count >= 13, "reports, JUnit, JSON and five transcripts twice: \(files.keys.sorted())")
        for (path, text) in files { #expect(!text.contains(canary), "\(path) leaks the secret") }
        // --transcripts DIR writes straight into DIR, as the README says: no transcripts/ below it.
        #expect(files.keys.filter { $0.hasPrefix("out/transcripts/") && $0.hasSuffix(".jsonl") && !$0.dropFirst(16).contains("/") }.count == 5)
        let posted = try String(contentsOf: bodies, encoding: .utf8)
        #expect(posted.split(separator: "\n").count == 6, "five per-flow bodies and one per-run body")
        #expect(posted.contains("***") && !posted.contains(canary))
    }

    @Test("invalid input exits 2 and runs nothing")
    func invalidInput() async throws {
        let folder = try RunFixtures.copy(examples: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let parley = CommandRunner(executable: executable, directory: folder)
        let unknownAgent = try await parley.run(["run", "Flows", "--agent", "dmeo"])
        #expect(unknownAgent.status == 2)
        #expect(unknownAgent.stderr.contains("--agent dmeo: no such agent (Flows/parley.yaml defines demo, demo-agui, demo-poly, demo-poly-wire, demo-chat, demo-chat-group, demo-chat-wire, demo-chat-group-wire); did you mean 'demo'?"))
        try "flow: typo\nsteps:\n  - sned: hi\n".write(
            to: folder.appendingPathComponent("Flows/typo.flow.yaml"), atomically: true, encoding: .utf8)
        let badFlow = try await parley.run(["run", "Flows"])
        #expect(badFlow.status == 2)
        #expect(badFlow.stderr.contains("Flows/typo.flow.yaml:3:5: error: unknown step 'sned'; did you mean 'send'?"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Flows/reports").path))
        let badShard = try await parley.run(["run", "Flows", "--shard", "3/2"])
        #expect(badShard.status == 2)
    }

    @Test("--tag, --shard and --repeat choose and multiply the flow runs")
    func selection() async throws {
        // Fixtures/shards as Flows: tagged flows, a data-driven one, a subfolder, one skipped.
        let folder = try RunFixtures.fastFlows()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parley = CommandRunner(executable: executable, directory: folder)
        let smoke = try await parley.run(["run", "Flows", "--tag", "smoke", "--exclude-tag", "health", "--repeat", "2"])
        #expect(smoke.status == 0, "stdout: \(smoke.stdout)")
        #expect(smoke.stdout.contains("Order status through the lookup tool (run 2)"))
        #expect(smoke.stdout.contains("pass rate 2/2 (100%): Order status through the lookup tool\n"))
        #expect(smoke.stdout.contains("4 flows: 4 passed, 0 flaky, 0 failed, 0 skipped in "), "two smoke flows but the health check, twice: \(smoke.stdout)")
        #expect(!smoke.stdout.contains("Opening hours health check"))
        // The three shards at once, as on three machines: each runs its own copy's share.
        let executable = executable
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 1...3 {
                group.addTask {
                    let own = try RunFixtures.fastFlows()
                    defer { try? FileManager.default.removeItem(at: own) }
                    let shard = try await CommandRunner(executable: executable, directory: own).run(["run", "Flows", "--shard", "\(index)/3"])
                    // stderr too: a crash's backtrace is there (seen once, 2026-11-28: status 11).
                    #expect(shard.status == 0, "stdout: \(shard.stdout)\nstderr: \(shard.stderr)")
                    let counts = shard.stdout.split(separator: "\n").last { $0.contains(" flows: ") || $0.contains(" flow: ") }
                    return counts.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts.allSatisfy { $0 > 0 }, "every shard runs some: \(counts)")
        #expect(counts.reduce(0, +) == 11, "the three shards together run every flow run once: \(counts)")
    }
}
