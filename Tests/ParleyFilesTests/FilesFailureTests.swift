import Foundation
import ParleyCore
import ParleyFiles
import ParleyModel
import ParleyTesting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A plugin that throws, or a file that cannot be written, costs only itself: every other report
/// is written whole, and the files plugin names each file it could not write, not just the first.
@Suite("files: failures")
struct FilesFailureTests {
    /// A plugin that throws on its first event and in `finish`, as a broken webhook would.
    struct ThrowingPlugin: Plugin {
        struct Fault: Error, CustomStringConvertible { var description: String }
        let name = "webhook"
        func handle(_ event: PluginEvent) async throws { throw Fault(description: "receiver down") }
        func finish(_ summary: RunSummary) async throws { throw Fault(description: "still down") }
    }

    static func parsed(_ run: ReportRun) throws -> (json: [String: Any], junit: XMLDocument) {
        (try ReportRun.parse(run.text("report.json")), try XMLDocument(data: Data(run.text("junit.xml").utf8), options: []))
    }

    @Test("a plugin that throws beside the files plugin: the JSON, the JUnit and every transcript are written whole")
    func throwingNeighbour() async throws {
        let run = try ReportRun()
        let events = SampleRun.events()
        var summary = SampleRun.summary(interrupted: false)
        summary.pluginFailures = []
        let finished = await PluginHost.run(plugins: [ThrowingPlugin(), run.plugin]) { host in
            for event in events { await host.publish(event) }
            return summary
        }
        #expect(finished.pluginFailures == ["webhook: receiver down"])
        let (json, junit) = try Self.parsed(run)
        #expect(json["plugin_failures"] as? [String] == ["webhook: receiver down"])
        #expect((json["flows"] as? [Any])?.count == 4)
        #expect(junit.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").count == 4)
        for transcript in run.files().filter({ $0.hasPrefix("transcripts/") }) {
            let lines = try run.text(transcript).split(separator: "\n")
            #expect(try ReportRun.parse(String(lines.last ?? ""))["type"] as? String == "flow_finished", "\(transcript)")
            for line in lines.dropLast() { _ = try ReportRun.parse(String(line)) }
        }
    }

    @Test("every file that cannot be written is named, transcripts included; the reports that can be written are")
    func everyFileNamed() async throws {
        let run = try ReportRun(.init(junit: "blocked/junit.xml", json: "report.json", transcripts: true))
        // A file where the JUnit's folder and the transcripts' folder should be: neither can be made.
        try FileManager.default.createDirectory(at: run.plugin.folder, withIntermediateDirectories: true)
        for name in ["blocked", "transcripts"] {
            try Data("in the way\n".utf8).write(to: run.plugin.folder.appendingPathComponent(name))
        }
        var summary = SampleRun.summary(interrupted: false)
        summary.pluginFailures = []
        let error = await #expect(throws: FilesPluginError.self) { try await run.run(summary: summary) }
        let folder = run.plugin.folder.path
        let message = try #require(error?.description)
        let folderError = "cannot create folder \(folder)/transcripts: a file is in the way"
        let expected =
            ["Flows-01-order", "Flows-02-refund", "Flows-03-greeting", "Flows-03-greeting-attempt2"].map {
                "cannot write \(folder)/transcripts/\($0).jsonl: \(folderError)"
            } + ["cannot write \(folder)/blocked/junit.xml: cannot create folder \(folder)/blocked: a file is in the way"]
        #expect(message == "5 files not written in full: " + expected.joined(separator: "; "))
        // report.json is written, parses, and lists the four transcripts and the JUnit it lacks.
        let json = try ReportRun.parse(run.text("report.json"))
        let failures = try #require(json["plugin_failures"] as? [String])
        #expect(failures == expected.map { "files: " + $0 })
        let flows = try #require(json["flows"] as? [[String: Any]])
        #expect(flows.allSatisfy { $0["transcript"] == nil }, "no flow points at a transcript that is not there")
    }
}
