import Foundation
import Parley
import ParleyTesting
import Testing

/// `FlowSuite` from Swift Testing: the examples pass, and a failing flow is one issue located at
/// its failing step in the YAML.
@Suite struct FlowSuiteTests {
    static let wrongReply = #"A reply that does not say what the flow expects: expected reply containing "shipped" within 5s; got reply "Your order A-1042 is delayed" (no "shipped")"#

    @Test("on a ManualClock the simulator's examples pass in virtual time: each flow's duration is what its script says, not what the machine took")
    func theExamplesPassOnVirtualTime() async throws {
        let (folder, flows) = try TestFolders.examples()
        defer { try? FileManager.default.removeItem(at: folder) }
        var suite = FlowSuite(flows.path)
        suite.runner.clock = ManualClock()
        suite.request.excludeTags = ["meaning", "polyai", "cometchat"]
        let summary = try #require(await suite.expectAllPass())
        #expect(summary.results.count == 16 && summary.passed == 16)
        // Scripted think times add up on the virtual clock: the order-status flow reads what its
        // script schedules, the same on every run.
        let again = try #require(await suite.expectAllPass())
        #expect(again.results.map(\.duration) == summary.results.map(\.duration))
    }

    @Test("a flow skipped because its model is not configured is an issue with the reason, never a pass")
    func skippedIsAnIssue() async throws {
        let (folder, flows) = try TestFolders.examples()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = IssueLog()
        await withKnownIssue {
            let summary = await FlowSuite(flows.appendingPathComponent("12-meaning.flow.yaml").path).expectAllPass()
            #expect(summary?.skipped == 1)
        } matching: { issue in
            log.keep(issue)
        }
        let comments = log.issues.map { $0.comments.map(\.rawValue).joined() }
        #expect(comments.count == 1, "\(comments)")
        #expect(comments.first?.contains("did not run: models.embeddings is not configured on this machine") == true, "\(comments)")
    }

    @Test("a failing flow is recorded as exactly one issue at its failing step's file, line and column, with the flow's name and message")
    func aFailingFlowIsAnIssueAtItsStep() async throws {
        let folder = TestFolders.fixture("failing")
        let log = IssueLog()
        // The wrong reply's 5 s wait passes on virtual time.
        var suite = FlowSuite(folder.path)
        suite.runner.clock = ManualClock()
        await withKnownIssue {
            let summary = await suite.expectAllPass()
            #expect(summary?.results.count == 2)
            #expect(summary?.passed == 1)
        } matching: { issue in
            log.keep(issue)
        }
        let issue = try #require(log.issues.first)
        #expect(log.issues.count == 1, "\(log.issues)")
        let flow = folder.appendingPathComponent("02-wrong-reply.flow.yaml")
        #expect(issue.sourceLocation?.filePath == flow.path)
        #expect(issue.sourceLocation?.fileID == "failing/02-wrong-reply.flow.yaml")
        #expect(issue.sourceLocation?.line == 4)
        #expect(issue.sourceLocation?.column == 5)
        #expect(issue.comments.map(\.rawValue) == [Self.wrongReply])
    }

    @Test("invalid input is one issue at the caller holding the rendered findings; nothing runs")
    func invalidInputIsAnIssueWithTheFindings() async throws {
        let folder = TestFolders.fixture("invalid")
        let log = IssueLog()
        let caller = #_sourceLocation
        await withKnownIssue {
            let summary = await FlowSuite(folder.path).expectAllPass(sourceLocation: caller)
            #expect(summary == nil)
        } matching: { issue in
            log.keep(issue)
        }
        let issue = try #require(log.issues.first)
        #expect(log.issues.count == 1, "\(log.issues)")
        #expect(issue.sourceLocation == caller)
        let text = issue.comments.map(\.rawValue).joined()
        let flow = folder.appendingPathComponent("01-unknown-step.flow.yaml").path
        #expect(text.hasPrefix("the flows cannot run:\n\(flow):3:5: error: "), "\(text)")
        #expect(text.contains("sned"), "\(text)")
    }

    @Test("failures() lists each failing flow as file:line:column: name: message, and nothing for a passing flow")
    func failuresAreLocatedValues() async {
        let folder = TestFolders.fixture("failing")
        // The wrong reply's 5 s wait passes on virtual time.
        var suite = FlowSuite(folder.path)
        suite.runner.clock = ManualClock()
        let failures = await suite.failures()
        let flow = folder.appendingPathComponent("02-wrong-reply.flow.yaml").path
        #expect(failures.map(\.description) == ["\(flow):4:5: \(Self.wrongReply)"])
        let passing = await FlowSuite(folder.appendingPathComponent("01-passes.flow.yaml").path).failures()
        #expect(passing.isEmpty)
    }

    @Test("the console is quiet by default (the log plugin at error level), and no path is the current folder")
    func quietByDefault() {
        let suite = FlowSuite("Flows")
        #expect(suite.request.pluginSettings["log"] == ["level": "error"])
        #expect(suite.request.paths == ["Flows"])
        #expect(FlowSuite().request.paths == ["."], "no path is the current folder, as parley run")
    }
}
