import Foundation
import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// The HTML report and `parley report`, as the built binary: a project in three shards merged back
/// into one run, and both reports loaded in headless Chromium.
@Suite("parley report and the HTML report")
struct ReportCommandTests {
    let executable = ProjectPaths.product("parley")

    /// A JSON report's flows as (id, name, outcome), sorted.
    static func flows(_ url: URL) throws -> [String] {
        let report = try ReportReader.read(JSONValue(parsing: Data(contentsOf: url)))
        return report.summary.results.map { result in
            let outcome: String
            switch result.outcome {
            case .passed: outcome = "passed"
            case .flaky: outcome = "flaky"
            case .failed: outcome = "failed"
            case .skipped: outcome = "skipped"
            }
            return "\(result.run.id) | \(result.run.name) | \(outcome)"
        }.sorted()
    }

    @Test("3 shards merged by parley report: the same flows with the same outcomes as one run; the merged HTML shows them in Chromium")
    func shardsMerge() async throws {
        // Fixtures/shards as Flows: the examples' kinds of flow (tags, data rows, a subfolder served
        // over PolyAI, a skipped flow, a form, a handoff) answered in milliseconds.
        let folder = try RunFixtures.fastFlows()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parley = CommandRunner(executable: executable, directory: folder)
        let whole = try await parley.run(["run", "Flows", "--json", "out/whole/report.json"])
        #expect(whole.status == 0, "\(whole.stdout)\n\(whole.stderr)")
        var shardReports: [String] = []
        for index in 1...3 {
            let dir = "out/shard-\(index)"
            let shard = try await parley.run([
                "run", "Flows", "--shard", "\(index)/3", "--json", "\(dir)/report.json", "--transcripts", "\(dir)/transcripts", "--junit", "\(dir)/junit.xml",
            ])
            #expect(shard.status == 0, "shard \(index): \(shard.stdout)\n\(shard.stderr)")
            shardReports.append("\(dir)/report.json")
            #expect(try !Self.flows(folder.appendingPathComponent("\(dir)/report.json")).isEmpty, "shard \(index) ran flows")
        }
        let merge = try await parley.run(
            ["report"] + shardReports + ["--json", "out/merged/report.json", "--junit", "out/merged/junit.xml", "--html", "out/merged/report.html"])
        #expect(merge.status == 0, "\(merge.stdout)\n\(merge.stderr)")
        #expect(merge.stdout.contains("11 flow runs from 3 reports: 10 passed, 0 flaky, 0 failed, 1 skipped"), "\(merge.stdout)")

        let merged = try Self.flows(folder.appendingPathComponent("out/merged/report.json"))
        #expect(merged.count == 11)
        #expect(merged == (try Self.flows(folder.appendingPathComponent("out/whole/report.json"))))
        // The merged report names each shard's transcripts from its own folder, and they are there.
        let mergedReport = try ReportReader.read(JSONValue(parsing: Data(contentsOf: folder.appendingPathComponent("out/merged/report.json"))))
        #expect(mergedReport.transcripts.count == 10)
        for path in mergedReport.transcripts.values {
            #expect(path.hasPrefix("../shard-"), "\(path)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/merged").appendingPathComponent(path).path), "\(path)")
        }
        let junit = try String(contentsOf: folder.appendingPathComponent("out/merged/junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"tests="11" failures="0" errors="0" skipped="1""#))

        let chromium = try HeadlessChromium()
        defer { chromium.close() }
        let url = folder.appendingPathComponent("out/merged/report.html").absoluteString + "#all"
        // The DOM and the screenshot from one load of the page.
        let (shot, dom) = try await chromium.domAndScreenshot(url, name: "parley-report-flows.png", height: 2400)
        #expect(dom.status == 0, "\(dom.stderr.suffix(2000))")
        #expect(FileManager.default.fileExists(atPath: shot.path))
        let page = dom.stdout
        #expect(page.components(separatedBy: #"<details class="flow "#).count - 1 == 11, "every flow is on the page")
        for name in ["Contact form", "Handoff to a live agent", "PolyAI: an order asked for after the greeting", "Order B-2: status from data/orders.csv"] {
            #expect(page.contains(name), "\(name)")
        }
        // Transcripts drawn as a chat: a user's message, an agent's reply, a filled form, a handoff.
        #expect(page.contains("Could someone contact me about a billing problem?"))
        #expect(page.contains("Thanks, Ada Lovelace!"))
        #expect(page.contains(#"data-field="email_field">ada@example.com"#))
        #expect(page.contains("handoff: started"))
    }

    @Test("a failing run's HTML report in Chromium: failures first and open, with file:line, what was expected and what came; no secret")
    func failingReport() async throws {
        let canary = "c4n4ry-\(UUID().uuidString.prefix(8))"
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/failing")
        let run = try await CommandRunner(executable: executable, directory: project, environment: ["PARLEY_CANARY": canary])
            .run(["run", ".", "--html", "out/report.html"])
        #expect(run.status == 1, "\(run.stderr)")
        let file = project.appendingPathComponent("out/report.html")
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(!html.contains(canary), "the secret is masked in the page as everywhere else")

        let chromium = try HeadlessChromium()
        defer { chromium.close() }
        let (shot, dom) = try await chromium.domAndScreenshot(file.absoluteString, name: "parley-report-failing.png")
        #expect(dom.status == 0, "\(dom.stderr.suffix(2000))")
        #expect(FileManager.default.fileExists(atPath: shot.path))
        let page = dom.stdout
        #expect(!page.contains(canary))
        let outcomes = page.components(separatedBy: #"<details class="flow "#).dropFirst().map { $0.prefix { $0 != " " && $0 != "\"" } }
        #expect(outcomes == ["failed", "failed", "failed", "failed", "passed"], "failures first: \(outcomes)")
        #expect(page.components(separatedBy: #"class="flow failed" id=""#).count - 1 == 4)
        #expect(page.contains(#"01-wrong-reply.flow.yaml:4:5: expected reply containing "shipped" within 1s; got reply "Your order A-1042 is delayed" (no "shipped")"#.htmlEscaped))
        // A failed flow is open, its conversation drawn: the user's message and the reply that failed it.
        #expect(page.contains("Your order A-1042 is delayed"))
        #expect(page.contains(#"class="step failed""#))
    }

    @Test("1,000 flow runs (10 flows, --repeat 100): the page draws 100 rows and the rest as they are scrolled to, and shows each flow's pass rate and spread")
    func thousandFlows() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("transcripts"), withIntermediateDirectories: true)
        var results: [FlowResult] = []
        var transcripts: [String: String] = [:]
        for flow in 1...10 {
            for repetition in 1...100 {
                let id = "f\(flow).flow.yaml#rep\(repetition)"
                let location = SourceLocation(file: "f\(flow).flow.yaml", line: 4, column: 5)
                let failure = StepFailure(message: "expected reply containing \"refund\"; got reply \"no\"", cause: .mismatch, location: location)
                let outcome: FlowOutcome = repetition % 10 == 0 ? .failed(failure) : .passed
                let step = StepResult(
                    step: StepInfo(summary: "expect reply", location: location, depth: 0), outcome: repetition % 10 == 0 ? .failed(failure) : .passed,
                    started: .milliseconds(10), duration: .milliseconds(100), latencies: [.firstToken: .milliseconds(Int64(50 + repetition))])
                results.append(
                    FlowResult(
                        run: FlowRun(id: id, name: "Flow \(flow) (run \(repetition))", path: "f\(flow).flow.yaml", location: location, repetition: repetition),
                        outcome: outcome, steps: [step], started: .milliseconds(Int64(repetition)), duration: .milliseconds(Int64(100 + repetition)), eventCount: 2))
                let name = "transcripts/f\(flow)-rep\(repetition).jsonl"
                transcripts[id] = name
                let lines = [
                    #"{"type":"user_action","time":0.01,"flow":"\#(id)","action":"send","fields":{"text":"message \#(flow)-\#(repetition)"}}"#,
                    #"{"type":"agent_event","time":0.06,"flow":"\#(id)","kind":"reply","kinds":["reply"],"fields":{"text":"reply \#(flow)-\#(repetition)","from":"agent"}}"#,
                ]
                try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
        }
        let summary = RunSummary(results: results, startedAt: Date(), duration: .seconds(60))
        try (JSONReport.json(summary, transcripts: transcripts).prettyPrinted() + "\n").write(
            to: folder.appendingPathComponent("report.json"), atomically: true, encoding: .utf8)
        let rebuild = try await CommandRunner(executable: executable, directory: folder).run(["report", "report.json", "--html", "report.html"])
        #expect(rebuild.status == 1, "100 failed runs: \(rebuild.stdout) \(rebuild.stderr)")
        #expect(rebuild.stdout.contains("1000 flow runs from 1 report: 900 passed, 0 flaky, 100 failed, 0 skipped"), "\(rebuild.stdout)")

        let chromium = try HeadlessChromium()
        defer { chromium.close() }
        let dom = try await chromium.dom(folder.appendingPathComponent("report.html").absoluteString)
        #expect(dom.status == 0, "\(dom.stderr.suffix(2000))")
        let page = dom.stdout
        #expect(page.components(separatedBy: #"<details class="flow "#).count - 1 == 100, "the first 100 rows only")
        #expect(page.contains("Showing 100 of 1000"))
        #expect(page.components(separatedBy: #"class="flow failed""#).count - 1 == 100, "failures first: all 100 in the first rows")
        #expect(page.components(separatedBy: #"<tr class="rate">"#).count - 1 == 10, "one pass rate per flow")
        #expect(page.contains("<td>Flow 1</td><td>100</td><td>90%</td>"), "the pass rate of flow 1")
        #expect(page.contains("<td>150 ms / 195 ms</td>"), "its duration's p50 and p95 (101…200 ms)")
        #expect(page.contains("<td>100 ms / 145 ms</td>"), "its first token's p50 and p95 (51…150 ms)")
    }

    @Test("parley report refuses what it cannot read (exit 2, nothing written) and names a missing transcript (exit 3, the rest written)")
    func refusals() async throws {
        let folder = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Fixtures/failing")
        let parley = CommandRunner(executable: executable, directory: project)
        #expect(try await parley.run(["run", "."]).status == 1)
        let unreadable = try await parley.run(["report", "reports/junit.xml", "--html", "out.html"])
        #expect(unreadable.status == 2)
        #expect(unreadable.stderr.contains("parley report: \(project.path)/reports/junit.xml is not JSON"), "\(unreadable.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("out.html").path))
        let nothing = try await parley.run(["report", "reports/report.json"])
        #expect(nothing.status != 0 && nothing.stderr.contains("nothing to write; give --junit FILE, --json FILE or --html FILE"), "\(nothing.stderr)")

        let again = try await parley.run(["report", "reports/report.json", "--html", "again.html"])
        #expect(again.status == 1, "a failed flow in the merged run: exit 1; \(again.stderr)")
        try FileManager.default.removeItem(at: project.appendingPathComponent("reports/transcripts/01-wrong-reply.jsonl"))
        let missing = try await parley.run(["report", "reports/report.json", "--html", "cut.html"])
        #expect(missing.status == 3, "\(missing.stderr)")
        #expect(missing.stderr.contains("flow run '01-wrong-reply.flow.yaml': its transcript"), "\(missing.stderr)")
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("cut.html").path))
    }
}

extension String {
    /// As the DOM serializes a text node: `&`, `<` and `>` become entities; quotes stay as they are.
    fileprivate var htmlEscaped: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
