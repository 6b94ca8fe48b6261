import Foundation
import ParleyCore
import ParleyModel
import ParleyWebhook
import Testing

@Suite("webhook bodies")
struct WebhookPayloadTests {
    /// The body as Foundation parses it: proof it is valid JSON, independent of JSONValue.
    static func parsed(_ body: JSONValue) throws -> [String: Any] {
        let data = Data(body.compactText().utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("a failed flow's body names the flow, the failure and its location")
    func failedFlow() throws {
        let body = try Self.parsed(WebhookPayload.flow(SampleRun.failed))
        #expect(
            Set(body.keys) == [
                "kind", "id", "name", "path", "location", "outcome", "failure", "tags", "repetition", "attempt",
                "started_seconds", "duration_seconds", "steps", "events",
            ])
        #expect(body["kind"] as? String == "flow")
        #expect(body["name"] as? String == "Refund <fast> & easy")
        #expect(body["path"] as? String == "Flows/02-refund.flow.yaml")
        #expect(body["outcome"] as? String == "failed")
        #expect(body["duration_seconds"] as? Double == 1.55)
        let failure = try #require(body["failure"] as? [String: Any])
        #expect(failure["location"] as? String == "Flows/02-refund.flow.yaml:14:5")
        #expect(failure["message"] as? String == SampleRun.failure.message)
        #expect(failure["cause"] as? String == "mismatch")
        #expect(failure["file"] as? String == "Flows/02-refund.flow.yaml")
        #expect(failure["line"] as? Int == 14)
        #expect(failure["column"] as? Int == 5)
        #expect(failure["waited_seconds"] as? Double == 1.25)
        let steps = try #require(body["steps"] as? [String: Any])
        #expect(steps["total"] as? Int == 3)
        #expect(steps["passed"] as? Int == 1)
        #expect(steps["failed"] as? Int == 1)
        #expect(steps["skipped"] as? Int == 1)
    }

    @Test("a passed flow has no failure; a skipped one has its reason; a data row has its row")
    func passedAndSkippedFlows() throws {
        let passed = try Self.parsed(WebhookPayload.flow(SampleRun.passed))
        #expect(passed["outcome"] as? String == "passed")
        #expect(passed["failure"] == nil)
        #expect(passed["row"] == nil)
        #expect(passed["events"] as? Int == 7)
        var result = SampleRun.passed
        result.outcome = .skipped(reason: "interrupted")
        result.run.row = 2
        let skipped = try Self.parsed(WebhookPayload.flow(result))
        #expect(skipped["outcome"] as? String == "skipped")
        #expect(skipped["reason"] as? String == "interrupted")
        #expect(skipped["row"] as? Int == 2)
    }

    @Test("a run's body counts outcomes and lists the failed flows")
    func run() throws {
        let body = try Self.parsed(WebhookPayload.run(SampleRun.oneFailed))
        #expect(
            Set(body.keys) == [
                "kind", "outcome", "succeeded", "interrupted", "started_at", "duration_seconds", "counts", "plugin_failures",
                "failed_flows",
            ])
        #expect(body["kind"] as? String == "run")
        #expect(body["outcome"] as? String == "failed")
        #expect(body["succeeded"] as? Bool == false)
        #expect(body["started_at"] as? String == "2023-11-14T22:13:20.000Z")
        #expect(body["duration_seconds"] as? Double == 4.75)
        let counts = try #require(body["counts"] as? [String: Int])
        #expect(counts == ["total": 3, "passed": 1, "failed": 1, "flaky": 1, "skipped": 0])
        #expect(body["plugin_failures"] as? [String] == ["files: cannot write reports/junit.xml"])
        let failed = try #require(body["failed_flows"] as? [[String: Any]])
        #expect(failed.count == 1)
        #expect(failed.first?["id"] as? String == "Flows/02-refund.flow.yaml")
        #expect((failed.first?["failure"] as? [String: Any])?["location"] as? String == "Flows/02-refund.flow.yaml:14:5")
    }

    @Test("an interrupted run says so")
    func interrupted() throws {
        var summary = SampleRun.allPassed
        summary.interrupted = true
        let body = try Self.parsed(WebhookPayload.run(summary))
        #expect(body["outcome"] as? String == "interrupted")
        #expect(body["interrupted"] as? Bool == true)
    }

    @Test("the Slack run message is one text field with the counts and escaped failures")
    func slackRun() throws {
        let body = try Self.parsed(SlackPayload.run(SampleRun.oneFailed))
        #expect(Set(body.keys) == ["text"])
        let text = try #require(body["text"] as? String)
        #expect(
            text == """
                :x: Parley run failed: 1 passed, 1 failed, 1 flaky, 0 skipped in 4.75s
                • *Refund &lt;fast&gt; &amp; easy*: Flows/02-refund.flow.yaml:14:5: \(SampleRun.failure.message)
                • plugin: files: cannot write reports/junit.xml
                """)
    }

    @Test("the Slack flow message names the flow and its failure")
    func slackFlow() throws {
        let text = try #require(try Self.parsed(SlackPayload.flow(SampleRun.failed))["text"] as? String)
        #expect(
            text == """
                :x: Parley flow failed: *Refund &lt;fast&gt; &amp; easy* (Flows/02-refund.flow.yaml) in 1.55s
                \(SampleRun.failure.rendered)
                """)
        let passed = try #require(try Self.parsed(SlackPayload.flow(SampleRun.passed))["text"] as? String)
        #expect(passed == ":white_check_mark: Parley flow passed: *Order status* (Flows/01-order.flow.yaml) in 1.2s")
    }
}
