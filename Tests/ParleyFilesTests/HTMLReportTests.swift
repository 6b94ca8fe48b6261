import Foundation
import ParleyCore
import ParleyFiles
import ParleyModel
import ParleyTesting
import Testing

@Suite("files HTML report")
struct HTMLReportTests {
    /// The page's data block, parsed.
    static func data(_ page: String) throws -> JSONValue {
        let open = #"<script id="parley-data" type="application/json">"#
        let start = try #require(page.range(of: open))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        return try JSONValue(parsing: String(page[start.upperBound..<end.lowerBound]))
    }

    @Test("html: in the files plugin writes one page holding the report and every flow's transcript")
    func written() async throws {
        let run = try await ReportRun(.init(html: "report.html")).run()
        #expect(run.files() == ["report.html"])
        let page = try run.text("report.html")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        let data = try Self.data(page)
        #expect(data["report"]?["counts"]?["failed"] == 1)
        guard case .object(let transcripts)? = data["transcripts"] else { Issue.record("no transcripts"); return }
        #expect(Set(transcripts.map(\.key)) == Set([SampleRun.order.id, SampleRun.refund.id, SampleRun.greeting.id, SampleRun.handoff.id]))
        let order = try #require(data["transcripts"]?[SampleRun.order.id])
        guard case .array(let lines) = order else { Issue.record("\(order)"); return }
        #expect(lines.contains { $0["fields"]?["text"] == "Order A-1042 has shipped" })
    }

    @Test("nothing from a flow can end the data block or load anything: no network, no markup from the data")
    func contained() async throws {
        let hostile = "</script><script>alert(1)</script><!-- & \u{2028}"
        var events = SampleRun.events()
        events.insert(PluginEvent(time: SampleRun.at(0.16), flow: SampleRun.order, kind: .agentEvent(.reply(Reply(messageID: "x", text: hostile)), offset: .zero)), at: 11)
        let page = try await ReportRun(.init(html: "report.html")).run(events: events).text("report.html")
        #expect(!page.contains("alert(1)</script>"))
        #expect(page.components(separatedBy: "</script>").count == 3, "the data block and the page's script end once each")
        let data = try Self.data(page)
        guard case .array(let lines)? = data["transcripts"]?[SampleRun.order.id] else { Issue.record("no transcript"); return }
        #expect(lines.contains { $0["fields"]?["text"] == .string(hostile) }, "the text survives exactly")
        let markup = Self.scriptAndStyle(page)
        for reference in ["http://", "https://", "src=", "@import", "url(", "<link"] {
            #expect(!markup.contains(reference), "the page itself loads nothing: \(reference)")
        }
    }

    /// The page without its data block: what the browser reads as markup, style and script.
    static func scriptAndStyle(_ page: String) -> String {
        guard let start = page.range(of: #"<script id="parley-data""#), let end = page.range(of: "</script>", range: start.upperBound..<page.endIndex)
        else { return page }
        return String(page[..<start.lowerBound]) + String(page[end.upperBound...])
    }
}
