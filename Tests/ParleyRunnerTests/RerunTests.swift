import Foundation
import Parley
import ParleyCore
@testable import ParleyRunner
import ParleyTesting
import Testing

/// `parley run --watch`'s choice of flows to run again: from two looks at the files and what each
/// flow reads, with no file system; and what planning says each flow reads.
@Suite("run --watch: which flows a change runs again")
struct RerunTests {
    static let inputs = FlowInputs(
        flows: [
            "a.flow.yaml": ["a.flow.yaml", "common/login.yaml"],
            "b.flow.yaml": ["b.flow.yaml", "common/login.yaml", "data/orders.csv"],
            "c.flow.yaml": ["c.flow.yaml"],
        ],
        shared: ["parley.yaml", "agents/support.agent.yaml"])

    /// Every watched file, each with its own stamp.
    static let before: [String: FileStamp] = Dictionary(
        uniqueKeysWithValues: inputs.all.sorted().enumerated().map { ($1, FileStamp.present(modified: Int64($0) * 1_000, size: 100)) })

    /// `before` with these files touched (a later time) or set to a stamp.
    static func after(touching touched: [String], setting stamps: [String: FileStamp] = [:]) -> [String: FileStamp] {
        var after = before
        for path in touched {
            guard case .present(let modified, let size)? = after[path] else { continue }
            after[path] = .present(modified: modified + 1, size: size)
        }
        after.merge(stamps) { _, new in new }
        return after
    }

    @Test("no change: nothing runs")
    func nothingChanged() {
        #expect(Rerun.after(Self.before, Self.before, inputs: Self.inputs) == nil)
    }

    @Test("a flow file changed: that flow only")
    func ownFile() {
        let rerun = Rerun.after(Self.before, Self.after(touching: ["c.flow.yaml"]), inputs: Self.inputs)
        #expect(rerun == Rerun(changed: ["c.flow.yaml"], scope: .flows(["c.flow.yaml"])))
    }

    @Test("an included file changed: every flow that includes it, and no other")
    func include() {
        let rerun = Rerun.after(Self.before, Self.after(touching: ["common/login.yaml"]), inputs: Self.inputs)
        #expect(rerun == Rerun(changed: ["common/login.yaml"], scope: .flows(["a.flow.yaml", "b.flow.yaml"])))
    }

    @Test("a data file changed: its flow")
    func dataFile() {
        let rerun = Rerun.after(Self.before, Self.after(touching: ["data/orders.csv"]), inputs: Self.inputs)
        #expect(rerun?.scope == .flows(["b.flow.yaml"]))
    }

    @Test("only the size changed (a write within the clock's tick): still a change")
    func sizeOnly() {
        let rerun = Rerun.after(Self.before, Self.after(touching: [], setting: ["c.flow.yaml": .present(modified: 0, size: 7)]), inputs: Self.inputs)
        #expect(rerun?.scope == .flows(["c.flow.yaml"]))
    }

    @Test("parley.yaml or an agent script changed: every flow, whatever else changed", arguments: ["parley.yaml", "agents/support.agent.yaml"])
    func shared(_ file: String) {
        let rerun = Rerun.after(Self.before, Self.after(touching: [file, "c.flow.yaml"]), inputs: Self.inputs)
        #expect(rerun == Rerun(changed: [file, "c.flow.yaml"].sorted(), scope: .all))
    }

    @Test("several flows changed at once: each of them, sorted, and the changes listed sorted")
    func several() {
        let rerun = Rerun.after(Self.before, Self.after(touching: ["c.flow.yaml", "a.flow.yaml"]), inputs: Self.inputs)
        #expect(rerun == Rerun(changed: ["a.flow.yaml", "c.flow.yaml"], scope: .flows(["a.flow.yaml", "c.flow.yaml"])))
    }

    @Test("a flow file created since the last look (watched now, not then): it runs")
    func newFlow() {
        var inputs = Self.inputs
        inputs.flows["d.flow.yaml"] = ["d.flow.yaml"]
        let rerun = Rerun.after(Self.before, Self.after(touching: [], setting: ["d.flow.yaml": .present(modified: 5, size: 40)]), inputs: inputs)
        #expect(rerun == Rerun(changed: ["d.flow.yaml"], scope: .flows(["d.flow.yaml"])))
    }

    @Test("a flow file deleted: a change, but nothing of it to run")
    func deletedFlow() {
        let rerun = Rerun.after(Self.before, Self.after(touching: [], setting: ["c.flow.yaml": .missing]), inputs: Self.inputs)
        #expect(rerun == Rerun(changed: ["c.flow.yaml"], scope: .flows([])))
    }

    @Test("an included file deleted: the flows that include it run (and fail to plan, saying so)")
    func deletedInclude() {
        let rerun = Rerun.after(Self.before, Self.after(touching: [], setting: ["common/login.yaml": .missing]), inputs: Self.inputs)
        #expect(rerun?.scope == .flows(["a.flow.yaml", "b.flow.yaml"]))
    }

    @Test("a missing include created: the flow that looked for it runs")
    func createdInclude() {
        let before = Self.before.merging(["common/login.yaml": .missing]) { _, new in new }
        let rerun = Rerun.after(before, Self.before, inputs: Self.inputs)
        #expect(rerun?.scope == .flows(["a.flow.yaml", "b.flow.yaml"]))
    }

    @Test("a file no longer watched (only the earlier look holds it) is no change")
    func unwatched() {
        let before = Self.before.merging(["old/include.yaml": .present(modified: 1, size: 1)]) { _, new in new }
        #expect(Rerun.after(before, Self.before, inputs: Self.inputs) == nil)
    }

    @Test("selects: every flow for .all, the named ones for .flows")
    func selects() {
        #expect(Rerun(changed: ["parley.yaml"], scope: .all).selects("c.flow.yaml"))
        let some = Rerun(changed: ["c.flow.yaml"], scope: .flows(["c.flow.yaml"]))
        #expect(some.selects("c.flow.yaml") && !some.selects("a.flow.yaml"))
    }

    @Test("the one line per rerun: what changed, then the counts (flaky and skipped only when some)")
    func lines() {
        let rerun = Rerun(changed: ["c.flow.yaml"], scope: .flows(["c.flow.yaml"]))
        #expect(rerun.line(Self.summary([.passed, .failed(SampleRun.greetingFailure)])) == "changed: c.flow.yaml — 2 flows: 1 passed, 1 failed")
        #expect(rerun.line(Self.summary([.passed])) == "changed: c.flow.yaml — 1 flow: 1 passed, 0 failed")
        #expect(
            rerun.line(Self.summary([.flaky, .skipped(reason: "fail-fast")], interrupted: true))
                == "changed: c.flow.yaml — 2 flows: 0 passed, 1 flaky, 0 failed, 1 skipped (interrupted)")
        #expect(rerun.invalidLine(errors: 2) == "changed: c.flow.yaml — 2 errors, nothing ran; waiting for the next change")
        let many = Rerun(changed: ["a", "b", "c", "d", "e"], scope: .all)
        #expect(many.idleLine == "changed: a, b, c and 2 more — no flow to run")
    }

    @Test("planning says what each flow of Flows/ reads: includes and data files its own, parley.yaml and agent scripts every flow's")
    func planningInputs() async {
        let flows = ProjectPaths.flows.path
        let validation = await Runner().validate(RunRequest(paths: [flows]))
        #expect(!validation.hasErrors, "\(validation.rendered())")
        let inputs = validation.inputs
        #expect(Set(inputs.flows.keys) == Set(validation.flowFiles))
        #expect(inputs.flows["\(flows)/10-returns-control-flow.flow.yaml"] == ["\(flows)/10-returns-control-flow.flow.yaml", "\(flows)/common/identify-customer.yaml"])
        #expect(inputs.flows["\(flows)/09-orders-from-csv.flow.yaml"] == ["\(flows)/09-orders-from-csv.flow.yaml", "\(flows)/data/orders.csv"])
        #expect(inputs.flows["\(flows)/01-order-status.flow.yaml"] == ["\(flows)/01-order-status.flow.yaml"])
        #expect(inputs.shared == ["\(flows)/parley.yaml", "\(flows)/agents/demo-support.agent.yaml", "\(flows)/agents/demo-chat.agent.yaml"])
    }

    static func summary(_ outcomes: [FlowOutcome], interrupted: Bool = false) -> RunSummary {
        let results = outcomes.map { outcome in
            FlowResult(run: SampleRun.order, outcome: outcome, steps: [], started: .zero, duration: .seconds(1), eventCount: 0)
        }
        return RunSummary(results: results, startedAt: Date(), duration: .seconds(1), interrupted: interrupted)
    }
}
