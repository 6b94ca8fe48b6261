import ParleyModel
import ParleyParser
import Testing

/// Durations, `within` and `latency`, and the flow header: tags, description, agent, timeout, vars, data.
@Suite("header and duration fixtures")
struct HeaderFixtureTests {
    @Test("durations in ms, s, m and combined")
    func durations() throws {
        let flow = try FixturePaths.parseValid("050-durations.flow.yaml")
        let waits: [Duration] = flow.steps.compactMap { step in
            guard case .wait(let duration) = step.kind else { return nil }
            return duration
        }
        #expect(waits == [.milliseconds(250), .seconds(5), .seconds(120), .seconds(90)])
        #expect(flow.steps.map(\.location.line) == [3, 4, 5, 6])
    }

    @Test("within and latency checks on one expectation")
    func withinAndLatency() throws {
        let flow = try FixturePaths.parseValid("051-within-latency.flow.yaml")
        guard case .expect(let expectation) = flow.steps[1].kind else {
            Issue.record("expected expect, got \(flow.steps[1].kind)")
            return
        }
        #expect(expectation.within == .seconds(5))
        #expect(expectation.latency.map(\.measure) == [.firstToken, .replyComplete])
        #expect(
            expectation.latency.map(\.matcher.kind) == [
                .compare(.lt, .duration(.seconds(2))), .compare(.lte, .duration(.milliseconds(4500))),
            ])
        #expect(expectation.latency[0].matcher.location.lineColumn == "7:33")
        #expect(expectation.location.lineColumn == "5:7")
    }

    @Test("the flow header: name, description, tags, inline agent, timeout, vars")
    func header() throws {
        let flow = try FixturePaths.parseValid("060-header.flow.yaml")
        #expect(flow.name == "Order status through the lookup tool")
        #expect(flow.description == "Checks the lookup tool end to end")
        #expect(flow.tags == ["smoke", "orders"])
        #expect(flow.timeout == .seconds(10))
        #expect(flow.location.lineColumn == "1:1")
        guard case .inline(let agent)? = flow.agent else {
            Issue.record("expected an inline agent, got \(String(describing: flow.agent))")
            return
        }
        #expect(agent.name == "")
        #expect(agent.connector == "agui")
        #expect(agent.settings.map(\.name) == ["url", "timeout"])
        guard case .string(let url)? = agent.setting("url") else {
            Issue.record("expected a url setting")
            return
        }
        #expect(url.literalText == "https://agents.example.com/support")
        #expect(agent.location.lineColumn == "4:8")
        #expect(flow.vars.map(\.name) == ["order", "retries"])
        #expect(flow.vars.map(\.location.lineColumn) == ["6:9", "6:26"])
        guard case .string(let order) = flow.vars[0].value else {
            Issue.record("expected text, got \(flow.vars[0].value)")
            return
        }
        #expect(order.literalText == "A-1042")
        #expect(flow.vars[1].value == .number(2))
    }

    @Test("data written as rows of variables")
    func dataRows() throws {
        let flow = try FixturePaths.parseValid("061-data-rows.flow.yaml")
        guard case .rows(let rows)? = flow.data else {
            Issue.record("expected inline rows, got \(String(describing: flow.data))")
            return
        }
        try #require(rows.count == 2)
        #expect(rows.map { $0.map(\.name) } == [["order", "status"], ["order", "status"]])
        guard case .string(let status) = rows[1][1].value else {
            Issue.record("expected text, got \(rows[1][1].value)")
            return
        }
        #expect(status.literalText == "delayed")
        #expect(rows[1][0].location.lineColumn == "4:7")
    }

    @Test("data read from a CSV file beside the flow")
    func dataCSV() throws {
        let flow = try FixturePaths.parseValid("062-data-csv.flow.yaml")
        guard case .csv(let path, let rows)? = flow.data else {
            Issue.record("expected CSV data, got \(String(describing: flow.data))")
            return
        }
        #expect(path == "orders.csv")
        let table = rows.map { row in
            row.map { assignment -> String in
                guard case .string(let text) = assignment.value else { return "?" }
                return "\(assignment.name)=\(text.literalText ?? "?")"
            }
        }
        #expect(table == [["order=A-1", "status=shipped"], ["order=B-2", "status=delayed"]])
        // Every value points at the data: key's value, where the file was named.
        #expect(rows.flatMap { $0.map(\.location.lineColumn) }.allSatisfy { $0 == "2:7" })
    }

    @Test("a named agent is kept with its location and resolved against parley.yaml")
    func namedAgent() throws {
        let flow = try FixturePaths.parseValid("project/080-named-agent.flow.yaml")
        guard case .named(let name)? = flow.agent else {
            Issue.record("expected a named agent, got \(String(describing: flow.agent))")
            return
        }
        #expect(name.value == "demo")
        #expect(name.location.lineColumn == "2:8")
        let project = ProjectParser.parse(path: FixturePaths.valid("project/parley.yaml"))
        #expect(project.diagnostics.isEmpty)
        #expect(project.config?.agent(named: "demo")?.connector == "agui")
        #expect(project.config?.defaults.agent?.value == "demo")
        #expect(project.config?.defaults.timeout == .seconds(10))
        let located = ProjectParser.locate(from: FixturePaths.valid("project/080-named-agent.flow.yaml"))
        #expect(located == FixturePaths.valid("project/parley.yaml"))
    }
}
