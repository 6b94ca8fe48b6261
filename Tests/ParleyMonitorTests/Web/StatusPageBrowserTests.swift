import Foundation
import ParleyMonitor
import ParleyTesting
import Testing

/// Debian's `chromium`, headless, loads the status page from the in-process server: the DOM it
/// built shows every check and the failure, and a screenshot is kept for people to look at.
@Suite("The status page in headless Chromium", .serialized)
struct StatusPageBrowserTests {
    static let binary = "/usr/bin/chromium"
    /// Where the screenshot is kept (scripts/test's CI keeps .build/).
    static let artifacts = ProjectPaths.root.appendingPathComponent(".build/test-artifacts")

    /// Chromium's switches for a throwaway headless run: its own profile folder, no sandbox (tests
    /// run as root in CI, where the sandbox refuses to start), no GPU, nothing fetched on its own.
    static func switches(profile: URL) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
            "--user-data-dir=\(profile.path)",
        ]
    }

    @Test("the DOM Chromium builds shows each check, its state, its trend and the last failure")
    func dom() async throws {
        let (metrics, board) = await MonitorServerTests.parts()
        try await withMonitorServer(metrics: metrics, board: board) { port in
            let profile = try ProjectPaths.temporaryFolder()
            let chromium = try ChildProcess(
                Self.binary, Self.switches(profile: profile) + ["--dump-dom", "http://127.0.0.1:\(port)/"], installedBy: "chromium")
            let status = try await chromium.exit(within: .seconds(120))
            let dom = chromium.output()
            #expect(status == 0, "chromium: \(chromium.log())")
            #expect(dom.contains("<h1>Parley monitor</h1>"))
            #expect(dom.contains(#"data-check="faq" data-state="up""#))
            #expect(dom.contains(#"data-check="billing" data-state="down""#))
            #expect(dom.contains(#"<svg class="trend""#))
            #expect(dom.contains("Last failure"))
            #expect(dom.contains("billing.flow.yaml:7:5: expected reply containing"))
            // The hostile reply is text in the DOM, never an element: Chromium parsed no script.
            #expect(!dom.contains("<script"))
            #expect(dom.contains("&lt;script&gt;alert('pwned')&lt;/script&gt;"))
            try? FileManager.default.removeItem(at: profile)
        }
    }

    @Test("a screenshot of the page is kept under .build/test-artifacts/")
    func screenshot() async throws {
        let (metrics, board) = await MonitorServerTests.parts()
        try await withMonitorServer(metrics: metrics, board: board) { port in
            let profile = try ProjectPaths.temporaryFolder()
            try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
            let file = Self.artifacts.appendingPathComponent("monitor-status-page.png")
            try? FileManager.default.removeItem(at: file)
            let chromium = try ChildProcess(
                Self.binary,
                Self.switches(profile: profile) + ["--hide-scrollbars", "--window-size=1100,2400", "--screenshot=\(file.path)", "http://127.0.0.1:\(port)/"],
                installedBy: "chromium")
            let status = try await chromium.exit(within: .seconds(120))
            #expect(status == 0, "chromium: \(chromium.log())")
            let png = try Data(contentsOf: file)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
            #expect(png.count > 10_000, "a page, not a blank: \(png.count) bytes")
            try? FileManager.default.removeItem(at: profile)
        }
    }
}
