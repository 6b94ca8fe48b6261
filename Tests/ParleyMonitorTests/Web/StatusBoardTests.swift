import Foundation
import ParleyModel
@testable import ParleyMonitor
import Testing

@Suite("StatusBoard and the status page")
struct StatusBoardTests {
    static func board() -> StatusBoard {
        StatusBoard(checks: ["faq", "billing", "quiet"], history: WebFixtures.billingRuns + WebFixtures.faqRuns, date: { WebFixtures.start })
    }

    @Test("each check's state from its last counting run; a check without runs is pending")
    func states() async {
        let statuses = await Self.board().snapshot()
        #expect(statuses.map(\.name) == ["faq", "billing", "quiet"])
        #expect(statuses.map(\.state) == [.up, .down, .pending])
        #expect(statuses[1].consecutiveFailures == 2)
        #expect(statuses[1].lastFailure?.id == "billing-2")
    }

    @Test("the page shows every check, its state, its last runs, a trend and the last failure with its transcript")
    func page() async {
        let html = await Self.board().page()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains(#"data-check="faq" data-state="up""#))
        #expect(html.contains(#"data-check="billing" data-state="down""#))
        #expect(html.contains(#"data-check="quiet" data-state="pending""#))
        #expect(html.contains("no runs yet"))
        #expect(html.contains("2 failures in a row"))
        #expect(html.contains(#"<tr class="timed_out" data-outcome="timed_out">"#))
        #expect(html.contains("<svg class=\"trend\""))
        #expect(html.contains(#"data-measure="first_token""#))
        #expect(html.contains("Last failure"))
        #expect(html.contains("→ send &quot;Where is my refund?&quot;"))
        #expect(html.contains("✗ expect reply containing &quot;refund&quot;: expected reply containing &quot;refund&quot; within 3s"))
    }

    @Test("what agents and flows wrote is escaped: no markup of theirs reaches the page")
    func escaped() async {
        let html = await Self.board().page()
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;"))
        let named = await StatusBoard(checks: ["<b>x</b>"], date: { WebFixtures.start }).page()
        #expect(!named.contains("<b>"))
        #expect(named.contains("&lt;b&gt;x&lt;/b&gt;"))
    }

    @Test("self-contained: no script, no stylesheet or image from elsewhere")
    func selfContained() async {
        let html = await Self.board().page()
        for outside in ["<script", "<link", "src=", "@import", "url("] { #expect(!html.contains(outside), "\(outside)") }
        // The SVG's namespace is a name, not a fetch; nothing else names a URL.
        let rest = html.replacingOccurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, with: "")
        #expect(!rest.contains("http://") && !rest.contains("https://"))
    }

    @Test("the last 50 runs are kept, the last failure even when older, and only it keeps a transcript")
    func kept() async {
        let board = StatusBoard(checks: ["billing"], history: WebFixtures.billingRuns, date: { WebFixtures.start })
        for index in 0..<60 {
            await board.checkFinished(
                CheckRecord(id: "p\(index)", check: "billing", startedAt: WebFixtures.start.addingTimeInterval(Double(180 + index)), duration: .seconds(1), outcome: .passed))
        }
        let status = await board.snapshot()[0]
        #expect(status.runs.count == StatusBoard.kept)
        #expect(status.runs.first?.id == "p10")
        #expect(status.state == .up)
        #expect(status.lastFailure?.transcript == WebFixtures.transcript)
        #expect(WebFixtures.billingRuns.count == 3)
        let seeded = await StatusBoard(checks: ["billing"], history: WebFixtures.billingRuns).snapshot()[0]
        #expect(seeded.runs.allSatisfy { $0.transcript == nil })
    }

    @Test("a run under way shows as running; an interrupted run neither counts nor resets")
    func running() async {
        let board = StatusBoard(checks: ["billing"], history: WebFixtures.billingRuns, date: { WebFixtures.start })
        let started = WebFixtures.start.addingTimeInterval(600)
        await board.checkStarted("billing", id: "r", at: CheckStart(date: started, reading: .zero))
        #expect(await board.snapshot()[0].runningSince == started)
        #expect(await board.page().contains("running since"))
        await board.checkFinished(CheckRecord(id: "r", check: "billing", startedAt: started, duration: .seconds(1), outcome: .interrupted))
        let status = await board.snapshot()[0]
        #expect(status.runningSince == nil)
        #expect(status.state == .down)
        #expect(status.consecutiveFailures == 2)
    }

    @Test("a check first heard of later joins the page after the configured ones")
    func unknownCheck() async {
        let board = StatusBoard(checks: ["faq"])
        await board.checkFinished(WebFixtures.billingRuns[0])
        #expect(await board.snapshot().map(\.name) == ["faq", "billing"])
    }
}

@Suite("TranscriptView and LatencyTrend")
struct StatusPiecesTests {
    @Test("a transcript reads as actions, assembled agent events and steps; streamed parts are left out")
    func transcript() {
        let lines = TranscriptView.lines(WebFixtures.transcript)
        #expect(lines.map(\.kind) == [.user, .passed, .agent, .failed, .failed])
        #expect(lines[0].text == #"→ send "Where is my refund?""#)
        #expect(lines[0].time == "  0.010")
        #expect(lines[2].text.hasPrefix(#"← reply "<script>alert('pwned')</script> & \"quotes\"" {"#))
        #expect(lines[4].text == "flow failed")
        #expect(TranscriptView.lines("not json\n").map(\.text) == ["not json"])
    }

    @Test("the trend's axis tops at 1, 2 or 5 times a power of ten")
    func ceiling() {
        #expect(LatencyTrend.niceCeiling(0) == 1)
        #expect(LatencyTrend.niceCeiling(0.42) == 0.5)
        #expect(LatencyTrend.niceCeiling(1) == 1)
        #expect(LatencyTrend.niceCeiling(1.2) == 2)
        #expect(LatencyTrend.niceCeiling(7) == 10)
        #expect(LatencyTrend.label(0.25) == "250ms")
        #expect(LatencyTrend.label(2) == "2s")
    }

    @Test("one path per measure, broken where a run has none; one outcome tick per run")
    func trend() {
        let svg = LatencyTrend(records: WebFixtures.billingRuns, check: "billing").svg
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.hasSuffix("</svg>"))
        #expect(svg.components(separatedBy: "<path ").count - 1 == 3)
        // The timed-out run has no latencies: each path starts again after it.
        #expect(svg.components(separatedBy: " M").count - 1 == 3)
        #expect(svg.components(separatedBy: "data-outcome=").count - 1 == 3)
        let empty = LatencyTrend(records: [], check: "none").svg
        #expect(empty.contains("no latency figures yet"))
    }
}
