import Foundation
import Parley
import ParleyTesting
import XCTest

/// `FlowSuite` from XCTest: the simulator's examples pass, and a failing flow is one XCTest
/// failure naming the flow's file, line and column.
final class FlowSuiteXCTests: XCTestCase {
    /// Failures recorded while `capturing`, instead of failing this test: so a test can check the
    /// failure `assertAllPass` records, and fails itself if that failure is missing.
    private var captured: [String]?

    #if os(Linux)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard captured != nil else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured?.append(description)
    }
    #else
    override func record(_ issue: XCTIssue) {
        guard captured != nil else { return super.record(issue) }
        captured?.append(issue.compactDescription)
    }
    #endif

    // On a ManualClock, as FlowSuiteTests runs them: XCTest runs before Swift Testing, one test
    // at a time, so every second of scripted think time here was a second of the whole run.
    // FlowSuiteTests runs the PolyAI and CometChat examples over served sockets.
    func testTheSimulatorExamplesPassOnVirtualTime() async throws {
        let (folder, flows) = try TestFolders.examples()
        defer { try? FileManager.default.removeItem(at: folder) }
        var suite = FlowSuite(flows.path)
        suite.runner.clock = ManualClock()
        suite.request.excludeTags = ["meaning", "polyai", "cometchat"]
        let summary = await suite.assertAllPass()
        XCTAssertEqual(summary?.results.count, 16)
        XCTAssertEqual(summary?.passed, 16)
    }

    func testAFailingFlowIsOneFailureNamingItsFileAndLine() async throws {
        let folder = TestFolders.fixture("failing")
        captured = []
        // The wrong reply's 5 s wait passes on virtual time.
        var suite = FlowSuite(folder.path)
        suite.runner.clock = ManualClock()
        let summary = await suite.assertAllPass()
        let failures = captured ?? []
        captured = nil
        let flow = folder.appendingPathComponent("02-wrong-reply.flow.yaml").path
        XCTAssertEqual(failures.count, 1, "\(failures)")
        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(failure.contains("\(flow):4:5: \(FlowSuiteTests.wrongReply)"), failure)
        XCTAssertEqual(summary?.failed, 1)
    }
}
