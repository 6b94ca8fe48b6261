import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// Data rows name their runs, and an empty value never reaches `send` or a matcher at run time.
@Suite("data rows and empty values")
struct EmptyValueTests {
    static let echo = ScriptedAgent.replying { said in "You said: \(said)" }

    @Test("${column} in flow: names each row's run after its values; --var wins, as in the run")
    func namesPerRow() async throws {
        let connector = ScriptedConnector(Self.echo)
        let planned = try RunnerHarness.planned(
            """
            flow: "Order ${order} for ${customer}"
            vars: { customer: Ada }
            data:
              - { order: A-1042 }
              - { order: B-7 }
            steps:
              - send: "Where is ${order}?"
            """, path: "orders.flow.yaml", connector: connector)
        let (summary, _) = await RunnerHarness.runSuite([planned], options: SuiteOptions(variables: ["customer": "Grace"]))
        #expect(summary.results.map(\.run.name) == ["Order A-1042 for Grace", "Order B-7 for Grace"])
        #expect(summary.results.map(\.run.id) == ["orders.flow.yaml#row1", "orders.flow.yaml#row2"])
    }

    @Test("a send whose ${…} renders empty fails its step and sends nothing")
    func emptySend() async throws {
        let connector = ScriptedConnector(Self.echo)
        let planned = try RunnerHarness.planned(
            """
            flow: Empty send
            steps:
              - set: { note: "" }
              - send: "${note}"
            """, path: "empty.flow.yaml", connector: connector)
        let (summary, _) = await RunnerHarness.runSuite([planned], options: SuiteOptions())
        guard case .failed(let failure) = summary.results.first?.outcome else {
            Issue.record("expected a failure, got \(String(describing: summary.results.first?.outcome))")
            return
        }
        #expect(failure.message.contains("variable 'note' is empty; an empty value is never sent or matched"), "\(failure.message)")
        #expect(connector.actions.isEmpty)
    }

    @Test("a matcher whose operand renders empty does not pass on anything")
    func emptyOperand() async throws {
        let connector = ScriptedConnector(Self.echo)
        let planned = try RunnerHarness.planned(
            """
            flow: Empty operand
            steps:
              - set: { expected: "" }
              - send: hello
              - expect: { reply: { contains: "${expected}" }, within: 1s }
            """, path: "empty.flow.yaml", connector: connector)
        let (summary, _) = await RunnerHarness.runSuite([planned], options: SuiteOptions())
        guard case .failed(let failure) = summary.results.first?.outcome else {
            Issue.record("contains \"\" passed: \(String(describing: summary.results.first?.outcome))")
            return
        }
        #expect(failure.message.contains("variable 'expected' is empty"), "\(failure.message)")
    }
}
