import Foundation
import ParleyModel
import ParleyParser
import ParleyTesting
import Testing

/// Every file in Flows/ parses cleanly in-process, and together the flows use every step kind.
@Suite("the examples in Flows/")
struct ExampleFlowsTests {
    static let flowFiles: [String] = Validator.files(in: [ProjectPaths.flows.path]).flows

    @Test("each example flow parses with no diagnostics", arguments: flowFiles)
    func parses(path: String) throws {
        let report = Validator().validate(paths: [path])
        #expect(report.diagnostics.isEmpty, "\(report.rendered())")
        let flow = try #require(report.flows[path])
        #expect(!flow.name.isEmpty)
        #expect(!flow.steps.isEmpty)
    }

    @Test("parley.yaml parses and names the demo simulator agent as the default")
    func project() throws {
        let result = ProjectParser.parse(path: ProjectPaths.flows.appendingPathComponent("parley.yaml").path)
        #expect(result.diagnostics.isEmpty)
        let config = try #require(result.config)
        #expect(config.defaults.agent?.value == "demo")
        #expect(config.agent(named: "demo")?.connector == "simulator")
    }

    @Test("together the examples use every step kind")
    func everyStepKind() {
        #expect(Self.flowFiles.count >= 8)
        var used: Set<String> = []
        func visit(_ steps: [Step]) {
            for step in steps {
                switch step.kind {
                case .send: used.insert("send")
                case .expect: used.insert("expect")
                case .expectNo: used.insert("expect_no")
                case .expectSequence: used.insert("expect_sequence")
                case .tap: used.insert("tap")
                case .fill(let fill): used.insert(fill.submit == nil ? "fill" : "fill+submit")
                case .click: used.insert("click")
                case .schedule: used.insert("schedule")
                case .respondTool: used.insert("respond_tool")
                case .resume: used.insert("resume")
                case .end: used.insert("end")
                case .typing: used.insert("typing")
                case .wait: used.insert("wait")
                case .set: used.insert("set")
                case .capture: used.insert("capture")
                case .conditional(let conditional):
                    used.insert("if")
                    visit(conditional.then)
                    visit(conditional.otherwise)
                case .loop(let loop):
                    used.insert("repeat")
                    visit(loop.steps)
                case .include(let include):
                    used.insert(include.parameters.isEmpty ? "include" : "include+with")
                    visit(include.steps)
                case .retry(let retry):
                    used.insert("retry")
                    visit(retry.steps)
                case .log: used.insert("log")
                }
            }
        }
        for path in Self.flowFiles {
            visit(FlowParser().parse(path: path).flow?.steps ?? [])
        }
        let all: Set<String> = [
            "send", "expect", "expect_no", "expect_sequence", "tap", "fill+submit", "click", "schedule", "respond_tool",
            "resume", "end", "typing", "wait", "set", "capture", "if", "repeat", "include+with", "retry", "log",
        ]
        #expect(all.subtracting(used).isEmpty, "unused: \(all.subtracting(used).sorted())")
    }
}
