import Foundation
import ParleyCore
import ParleyTesting
import Testing

/// The exit-code decision as a value: which ending wins when several hold (README, "Exit codes").
@Suite("run ending")
struct RunEndingTests {
    static func summary(failed: Bool = false, interrupted: Bool = false, pluginFailures: [String] = []) -> RunSummary {
        let results = SampleRun.results()
        return RunSummary(
            results: failed ? [results.order, results.refund] : [results.order], startedAt: SampleRun.startedAt, duration: .zero,
            interrupted: interrupted, pluginFailures: pluginFailures)
    }

    @Test("every flow passed, none interrupted, no plugin failed: passed")
    func passed() {
        #expect(RunEnding(Self.summary(), signal: nil) == .passed)
    }

    @Test("a failed flow: failed")
    func failed() {
        #expect(RunEnding(Self.summary(failed: true), signal: nil) == .failed)
    }

    @Test("a signal outranks a failed flow and names itself; a cancelled run without one counts as SIGINT")
    func interrupted() {
        #expect(RunEnding(Self.summary(failed: true, interrupted: true), signal: SIGTERM) == .interrupted(signal: SIGTERM))
        #expect(RunEnding(Self.summary(interrupted: true), signal: SIGHUP) == .interrupted(signal: SIGHUP))
        #expect(RunEnding(Self.summary(interrupted: true), signal: nil) == .interrupted(signal: SIGINT))
        // A signal while the reports were being finished, after every flow passed.
        #expect(RunEnding(Self.summary(), signal: SIGINT) == .interrupted(signal: SIGINT))
    }

    @Test("a plugin failure outranks everything: a missing report cannot say it is missing")
    func reportsIncomplete() {
        let failure = ["files: cannot write reports/junit.xml: No space left on device"]
        #expect(RunEnding(Self.summary(pluginFailures: failure), signal: nil) == .reportsIncomplete)
        #expect(RunEnding(Self.summary(failed: true, pluginFailures: failure), signal: nil) == .reportsIncomplete)
        #expect(RunEnding(Self.summary(failed: true, interrupted: true, pluginFailures: failure), signal: SIGTERM) == .reportsIncomplete)
    }

    @Test("a lost webhook delivery does not change the ending: the summary and report.json list it")
    func deliveriesDoNotCount() {
        var summary = Self.summary()
        summary.deliveryFailures = [
            DeliveryFailure(plugin: "webhook", flow: nil, url: "http://127.0.0.1:9/hook", attempts: 4, cause: .receiver, reason: "500 Internal Server Error")
        ]
        #expect(RunEnding(summary, signal: nil) == .passed)
        summary.interrupted = true
        #expect(RunEnding(summary, signal: SIGINT) == .interrupted(signal: SIGINT))
    }

    @Test("--require-delivery: a lost delivery ends the run as deliveryFailed, outranking a failed flow but not a signal or a missing report")
    func deliveriesRequired() {
        var summary = Self.summary(failed: true)
        #expect(RunEnding(summary, signal: nil, requireDelivery: true) == .failed)
        summary.deliveryFailures = [
            DeliveryFailure(plugin: "metrics", flow: nil, url: "http://127.0.0.1:9/metrics/job/parley", attempts: 1, cause: .receiver, reason: "connection refused", method: "PUT")
        ]
        #expect(RunEnding(summary, signal: nil, requireDelivery: true) == .deliveryFailed)
        #expect(RunEnding(summary, signal: nil, requireDelivery: false) == .failed)
        summary.pluginFailures = ["files: cannot write reports/junit.xml: No space left on device"]
        #expect(RunEnding(summary, signal: nil, requireDelivery: true) == .reportsIncomplete)
        summary.pluginFailures = []
        summary.interrupted = true
        #expect(RunEnding(summary, signal: SIGTERM, requireDelivery: true) == .interrupted(signal: SIGTERM))
    }
}
