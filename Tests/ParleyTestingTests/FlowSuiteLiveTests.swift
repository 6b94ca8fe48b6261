import Foundation
import Parley
import ParleyTesting
import Testing

/// `FlowSuite` over real sockets in real time: the wire examples against `parley serve`'s servers.
/// A suite of its own so that scripts/test runs it in its real-time group, beside the in-process
/// tests rather than among them: it mostly waits on the examples' scripted think times, and
/// among the in-process group's thousand tests it started late and was that group's last test,
/// 18 s in, with the machine idle around it (2026-11-28). The simulator's examples run on
/// virtual time in FlowSuiteTests.
@Suite struct FlowSuiteLiveTests {
    @Test("every example in Flows/polyai and Flows/cometchat passes through FlowSuite over served sockets, with the project's plugins")
    func theExamplesPass() async throws {
        let (folder, flows) = try TestFolders.examples()
        defer { try? FileManager.default.removeItem(at: folder) }
        var suite = FlowSuite(flows.path)
        // All twelve at once: their agents think in real time, and four at a time took 9-19 s.
        suite.request.parallel = 12
        suite.request.tags = ["polyai", "cometchat"]
        let summary = try #require(await suite.expectAllPass())
        #expect(summary.results.count == 12)
        #expect(summary.passed + summary.flaky == 12)
        // The project's files plugin ran too, in the copy.
        #expect(FileManager.default.fileExists(atPath: flows.appendingPathComponent("reports/report.json").path))
    }
}
