import Foundation
import Parley
import ParleyTesting
import Testing

/// What a test of flows reports, from a run's summary alone: failed flows at their failing step,
/// then what the summary says went wrong besides them.
@Suite struct FlowFailureTests {
    @Test("a failed flow, an interrupted run and a failed plugin are one failure each; passed, flaky and skipped flows are none")
    func failuresOfASummary() {
        let summary = SampleRun.summary()
        let failures = FlowFailure.failures(of: .success(summary))
        #expect(failures.map(\.description) == [
            #"Flows/02-refund.flow.yaml:8:5: Refund: expected reply containing "refund" within 5s; got reply "Sorry" (no "refund")"#,
            "the run was interrupted; 1 flow run did not finish",
        ] + summary.pluginFailures.map { "a plugin failed: \($0)" })
        #expect(summary.pluginFailures.count == 1)
        #expect(failures.first?.location == SampleRun.refundFailure.location)
        #expect(failures.dropFirst().allSatisfy { $0.location == nil })
    }

    @Test("a run that was not interrupted lists only its failed flows")
    func failuresOfAFinishedRun() {
        var summary = SampleRun.summary(interrupted: false)
        summary.pluginFailures = []
        #expect(FlowFailure.failures(of: .success(summary)).count == 1)
    }

    @Test("a flow skipped for a model this machine lacks is listed with its reason: it did not pass")
    func skippedForAModel() {
        var summary = SampleRun.summary(interrupted: false)
        summary.pluginFailures = []
        summary.results[summary.results.count - 1].outcome = .skipped(reason: "models.judge is not configured on this machine")
        let failures = FlowFailure.failures(of: .success(summary))
        #expect(failures.count == 2)
        #expect(failures.last?.description.hasSuffix("did not run: models.judge is not configured on this machine") == true, "\(failures)")
    }
}
