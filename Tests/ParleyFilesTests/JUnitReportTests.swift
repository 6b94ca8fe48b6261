import Foundation
import ParleyCore
import ParleyFiles
import ParleyModel
import ParleyTesting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("files JUnit XML")
struct JUnitReportTests {
    static func document(_ run: ReportRun) throws -> XMLDocument {
        try XMLDocument(data: Data(run.text("junit.xml").utf8), options: [])
    }

    static func attribute(_ node: XMLNode?, _ name: String) -> String? {
        (node as? XMLElement)?.attribute(forName: name)?.stringValue
    }

    @Test("the suite counts, one testcase per flow run, and each outcome's element")
    func structure() async throws {
        let document = try await Self.document(ReportRun().run())
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 1)
        let suite = try #require(suites.first)
        for element in [root, suite] {
            #expect(Self.attribute(element, "name") == "parley")
            #expect(Self.attribute(element, "tests") == "4" && Self.attribute(element, "failures") == "1")
            #expect(Self.attribute(element, "skipped") == "1" && Self.attribute(element, "errors") == "0")
            #expect(Self.attribute(element, "time") == "6.000" && Self.attribute(element, "timestamp") == "2026-01-01T00:00:00")
        }
        let cases = suite.elements(forName: "testcase")
        #expect(cases.map { Self.attribute($0, "name") } == ["Order status", "Refund", "Greeting", "Handoff [row 2]"])
        #expect(cases.map { Self.attribute($0, "classname") } == ["Flows.01-order", "Flows.02-refund", "Flows.03-greeting", "Flows.04-handoff"])
        #expect(cases.map { Self.attribute($0, "file") } == SampleRun.summary().results.map(\.run.path))
        #expect(cases.map { Self.attribute($0, "line") } == ["1", "1", "1", "1"])
        #expect(cases.map { Self.attribute($0, "time") } == ["1.200", "5.200", "0.400", "0.000"])
        #expect((cases[0].children ?? []).isEmpty)

        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.stringValue == #"Flows/02-refund.flow.yaml:8:5: expected reply containing "refund" within 5s; got reply "Sorry" (no "refund")"#)
        #expect(Self.attribute(failure, "message") == #"expected reply containing "refund" within 5s; got reply "Sorry" (no "refund")"#)
        #expect(Self.attribute(failure, "type") == "timeout")
        #expect(cases[2].elements(forName: "system-out").first?.stringValue == "flaky: passed only on a retry (attempt 2)")
        #expect(cases[2].elements(forName: "failure").isEmpty)
        #expect(Self.attribute(cases[3].elements(forName: "skipped").first, "message") == "interrupted")
        #expect(suite.elements(forName: "system-err").first?.stringValue == "plugin failed: webhook: POST http://127.0.0.1:9/hook answered 500")
        #expect(Self.attribute(suite.elements(forName: "properties").first?.elements(forName: "property").first, "name") == "interrupted")
    }

    @Test("a failed flow's system-out is a readable transcript of its last attempt; passed, flaky and skipped flows get none")
    func failedFlowTranscript() async throws {
        let document = try await Self.document(ReportRun().run())
        let cases = try #require(document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase"))
        let transcript = try #require(cases[1].elements(forName: "system-out").first?.stringValue)
        #expect(
            transcript.split(separator: "\n") == [
                #"  0.021 → send { "text": "I want a refund" }"#,
                #"  0.022 ✓ send "I want a refund""#,
                #"  0.280 ← reply "Sorry""#,
                #"  5.180 ✗ expect reply: expected reply containing "refund" within 5s; got reply "Sorry" (no "refund")"#,
            ])
        #expect(cases[0].elements(forName: "system-out").isEmpty)
        #expect(cases[2].elements(forName: "system-out").first?.stringValue == "flaky: passed only on a retry (attempt 2)")
        #expect(cases[3].elements(forName: "system-out").isEmpty)
    }

    @Test("the transcript leaves out streamed parts, keeps assembled events, and escapes markup")
    func transcriptEvents() async throws {
        let run = SampleRun.refund
        func event(_ time: Double, _ kind: PluginEvent.Kind) -> PluginEvent { PluginEvent(time: SampleRun.at(time), flow: run, kind: kind) }
        var result = SampleRun.results().refund
        result.steps = []
        let events = [
            event(1, .flowStarted),
            event(1.1, .userAction(.send(text: "<b>refund</b> & more"))),
            event(1.2, .agentEvent(.textStart(messageID: "m1"), offset: .zero)),
            event(1.3, .agentEvent(.textDelta(messageID: "m1", delta: "So"), offset: .zero)),
            event(1.4, .agentEvent(.textDelta(messageID: "m1", delta: "rry"), offset: .zero)),
            event(1.5, .agentEvent(.textEnd(messageID: "m1"), offset: .zero)),
            event(1.5, .agentEvent(SampleRun.sorry, offset: .zero)),
            event(1.6, .agentEvent(.handoff(Handoff(stage: .queued, queue: "billing")), offset: .zero)),
            event(1.7, .log("checked")),
            event(2, .flowFinished(result)),
        ]
        var summary = SampleRun.summary(interrupted: false)
        summary.results = [result]
        let report = try await ReportRun(.init(junit: "junit.xml")).run(events: events, summary: summary)
        let xml = try report.text("junit.xml")
        #expect(xml.contains("&lt;b&gt;refund&lt;/b&gt; &amp; more"))
        #expect(xml.contains("more&quot; }\n  0.500 ← reply"), "a line of the transcript is a line of the file")
        let testcase = try #require(Self.document(report).rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        let lines = try #require(testcase.elements(forName: "system-out").first?.stringValue).split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.first == #"  0.100 → send { "text": "<b>refund</b> & more" }"#)
        #expect(lines[1] == #"  0.500 ← reply "Sorry""#)
        #expect(lines[2].hasPrefix("  0.600 ← handoff {") && lines[2].contains("billing"))
        #expect(lines[3] == "  0.700 log: checked")
        try await Self.validate(report)
    }

    @Test("markup, quotes, newlines and characters XML 1.0 forbids survive a round trip")
    func escaping() async throws {
        var run = SampleRun.refund
        run.name = "Say \"hi\" <b> & 'bye'\u{7}\u{1B}\u{FFFE}"
        let failure = StepFailure(
            message: "got \"]]>\" and\u{0}\nsecond line\r\n\tend", cause: .mismatch,
            location: SourceLocation(file: "x.flow.yaml", line: 2, column: 3))
        let result = FlowResult(run: run, outcome: .failed(failure), steps: [], started: .zero, duration: .seconds(1), eventCount: 0)
        let summary = RunSummary(results: [result], startedAt: SampleRun.startedAt, duration: .seconds(1), pluginFailures: ["exec: <bad> \u{8}"])
        let report = try await ReportRun(.init(junit: "junit.xml")).run(events: [], summary: summary)
        let testcase = try #require(Self.document(report).rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        #expect(Self.attribute(testcase, "name") == #"Say "hi" <b> & 'bye'\u0007\u001b\ufffe"#)
        let element = try #require(testcase.elements(forName: "failure").first)
        let expected = "got \"]]>\" and\\u0000\nsecond line\r\n\tend"
        #expect(Self.attribute(element, "message") == expected)
        #expect(element.stringValue == "x.flow.yaml:2:3: " + expected)
        try await Self.validate(report)
    }

    @Test("the XML passes a JUnit schema check (Python's xmlschema)")
    func schema() async throws {
        try await Self.validate(ReportRun().run())
        var quiet = SampleRun.summary(interrupted: false)
        quiet.pluginFailures = []
        quiet.results = []
        try await Self.validate(ReportRun(.init(junit: "junit.xml")).run(events: [], summary: quiet))
    }

    /// Validates the run's junit.xml against `JUnitSchema` with the test virtualenv's xmlschema.
    static func validate(_ run: ReportRun) async throws {
        let schema = run.base.appendingPathComponent("junit.xsd")
        try Data(JUnitSchema.xsd.utf8).write(to: schema)
        let check = "import sys, xmlschema; xmlschema.XMLSchema(sys.argv[1]).validate(sys.argv[2]); print('valid')"
        let output = try await PythonTool.code(check).run([schema.path, run.plugin.junitURL!.path])
        try #require(
            !output.stderr.contains("No module named 'xmlschema'"),
            "xmlschema is missing from \(ProjectPaths.python.path): .venv/bin/pip install -r scripts/requirements-test.txt")
        #expect(output.status == 0 && output.stdout == "valid\n", "\(output.stderr)")
    }
}
