import Foundation
import ParleyMonitor
import ParleyTesting
import Testing

/// Debian's `chromium`, headless, loads the status page from the in-process server: the DOM it
/// built shows every check and the failure, and a screenshot is kept for people to look at.
@Suite("The status page in headless Chromium")
struct StatusPageBrowserTests {
    /// One browser start for the DOM and the screenshot, from one load of the page: a start is
    /// about 1.4 s of CPU and the test groups are bound by CPU.
    @Test("the DOM Chromium builds shows each check, its state, its trend and the last failure; a screenshot is kept under .build/test-artifacts/")
    func page() async throws {
        let (metrics, board) = await MonitorServerTests.parts()
        try await withMonitorServer(metrics: metrics, board: board) { port in
            let chromium = try HeadlessChromium()
            defer { chromium.close() }
            let (file, output) = try await chromium.domAndScreenshot("http://127.0.0.1:\(port)/", name: "monitor-status-page.png", height: 2400)
            #expect(output.status == 0, "chromium: \(output.stderr.suffix(2000))")
            let dom = output.stdout
            #expect(dom.contains("<h1>Parley monitor</h1>"))
            #expect(dom.contains(#"data-check="faq" data-state="up""#))
            #expect(dom.contains(#"data-check="billing" data-state="down""#))
            #expect(dom.contains(#"<svg class="trend""#))
            #expect(dom.contains("Last failure"))
            #expect(dom.contains("billing.flow.yaml:7:5: expected reply containing"))
            // The hostile reply is text in the DOM, never an element: Chromium parsed no script.
            #expect(!dom.contains("<script"))
            #expect(dom.contains("&lt;script&gt;alert('pwned')&lt;/script&gt;"))
            let png = try Data(contentsOf: file)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
            #expect(png.count > 10_000, "a page, not a blank: \(png.count) bytes")
        }
    }
}
