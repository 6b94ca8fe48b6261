import Foundation
import ParleyModel
import ParleyMonitor

/// Runs of two checks for the web tests: `faq` passes, `billing` passed and then failed twice with
/// an agent reply that holds markup (which the page must show, not run).
enum WebFixtures {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)
    static let hostile = "<script>alert('pwned')</script> & \"quotes\""
    static let failure = "billing.flow.yaml:7:5: expected reply containing \"refund\" within 3s; got reply \"\(hostile)\""

    /// A failed flow's transcript as `CheckRunner` keeps it: compact JSON lines (docs/reports.md).
    static let transcript = [
        #"{"type":"flow_started","time":0,"suite_time":0,"flow":"billing.flow.yaml"}"#,
        #"{"type":"step_started","time":0,"suite_time":0,"flow":"billing.flow.yaml","step":{"summary":"send \"Where is my refund?\"","location":"billing.flow.yaml:6:5","depth":0}}"#,
        #"{"type":"user_action","time":0.01,"suite_time":0.01,"flow":"billing.flow.yaml","action":"send","fields":{"text":"Where is my refund?"}}"#,
        #"{"type":"step_finished","time":0.01,"suite_time":0.01,"flow":"billing.flow.yaml","step":{"summary":"send \"Where is my refund?\"","location":"billing.flow.yaml:6:5","depth":0},"outcome":"passed","duration":0}"#,
        #"{"type":"agent_event","time":0.2,"suite_time":0.2,"flow":"billing.flow.yaml","kind":"text_delta","kinds":["text_delta"],"offset":0.2,"fields":{"message_id":"m1","delta":"<script>"}}"#,
        #"{"type":"agent_event","time":0.4,"suite_time":0.4,"flow":"billing.flow.yaml","kind":"reply","kinds":["reply"],"offset":0.4,"fields":{"text":"<script>alert('pwned')</script> & \"quotes\"","from":"agent","suggestions":[]}}"#,
        #"{"type":"step_finished","time":3.01,"suite_time":3.01,"flow":"billing.flow.yaml","step":{"summary":"expect reply containing \"refund\"","location":"billing.flow.yaml:7:5","depth":0},"outcome":"failed","failure":{"message":"expected reply containing \"refund\" within 3s"}}"#,
        #"{"type":"flow_finished","time":3.01,"suite_time":3.01,"flow":"billing.flow.yaml","outcome":"failed"}"#,
    ].joined(separator: "\n") + "\n"

    static func turn(_ firstToken: Double, _ reply: Double, _ finished: Double) -> [LatencyMeasure: Duration] {
        [.firstToken: .milliseconds(Int(firstToken * 1000)), .replyComplete: .milliseconds(Int(reply * 1000)), .runFinished: .milliseconds(Int(finished * 1000))]
    }

    /// Five passing `faq` runs with two turns each, a minute apart.
    static var faqRuns: [CheckRecord] {
        (0..<5).map { index in
            CheckRecord(
                id: "faq-\(index)", check: "faq", startedAt: start.addingTimeInterval(Double(index) * 60), duration: .milliseconds(1200 + index * 10),
                outcome: .passed, flows: 1, passedFlows: 1,
                turns: [turn(0.1 + Double(index) * 0.01, 0.4, 0.45), turn(0.12, 0.5, 0.55)])
        }
    }

    /// A pass, then two failures, the last with the hostile reply and the transcript.
    static var billingRuns: [CheckRecord] {
        [
            CheckRecord(
                id: "billing-0", check: "billing", startedAt: start, duration: .milliseconds(900), outcome: .passed, flows: 1, passedFlows: 1,
                turns: [turn(0.2, 0.8, 0.85)]),
            CheckRecord(
                id: "billing-1", check: "billing", startedAt: start.addingTimeInterval(60), duration: .seconds(3), outcome: .timedOut, flows: 1,
                passedFlows: 0, message: "billing: timed out after 3s"),
            CheckRecord(
                id: "billing-2", check: "billing", startedAt: start.addingTimeInterval(120), duration: .milliseconds(3010), outcome: .failed,
                flows: 1, passedFlows: 0, message: failure, turns: [turn(0.2, 0.4, 0.41)], transcript: transcript),
        ]
    }
}
