import Foundation
import Parley
import ParleyTesting
import XCTest

/// `FlowSuite` from XCTest: the PolyAI examples pass over a served socket, and a failing flow is
/// one XCTest failure naming the flow's file, line and column.
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

    func testThePolyAIExamplesPassOverAServedSocket() async throws {
        let (folder, flows) = try TestFolders.examples()
        defer { try? FileManager.default.removeItem(at: folder) }
        var suite = FlowSuite(flows.appendingPathComponent("polyai").path)
        suite.request.parallel = 3
        let summary = await suite.assertAllPass()
        XCTAssertEqual(summary?.results.count, 6)
        XCTAssertEqual(summary.map { $0.passed + $0.flaky }, 6)
    }

    func testAFailingFlowIsOneFailureNamingItsFileAndLine() async throws {
        let folder = TestFolders.fixture("failing")
        captured = []
        let summary = await FlowSuite(folder.path).assertAllPass()
        let failures = captured ?? []
        captured = nil
        let flow = folder.appendingPathComponent("02-wrong-reply.flow.yaml").path
        XCTAssertEqual(failures.count, 1, "\(failures)")
        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(failure.contains("\(flow):4:5: \(FlowSuiteTests.wrongReply)"), failure)
        XCTAssertEqual(summary?.failed, 1)
    }
}
