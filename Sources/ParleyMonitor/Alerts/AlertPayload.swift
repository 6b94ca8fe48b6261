import Foundation
import ParleyModel

/// The body of an alert, in the webhook's formats: Parley's JSON, or a Slack message.
enum AlertPayload {
    static func json(_ kind: AlertKind, _ record: CheckRecord, failures: Int) -> JSONValue {
        var members: [JSONMember] = [
            JSONMember("type", .string("parley.check.\(kind.rawValue)")),
            JSONMember("check", .string(record.check)),
            JSONMember("kind", .string(kind.rawValue)),
            JSONMember("outcome", .string(record.outcome.rawValue)),
            JSONMember("consecutive_failures", .number(Double(failures))),
            JSONMember("run_id", .string(record.id)),
            JSONMember("started_at", .string(ISO8601DateFormatter().string(from: record.startedAt))),
            JSONMember("duration_seconds", .number(seconds(record.duration))),
            JSONMember("flows", .number(Double(record.flows))),
            JSONMember("passed_flows", .number(Double(record.passedFlows))),
        ]
        if let message = record.message { members.append(JSONMember("message", .string(message))) }
        return .object(members)
    }

    static func slack(_ kind: AlertKind, _ record: CheckRecord, failures: Int) -> JSONValue {
        let text: String
        switch kind {
        case .failing:
            let reason = record.message.map { "\n```\(String($0.prefix(2000)))```" } ?? ""
            text = ":rotating_light: parley check *\(record.check)* is failing (\(failures) failed runs in a row, the last \(record.outcome.rawValue))\(reason)"
        case .recovered:
            text = ":white_check_mark: parley check *\(record.check)* recovered: passed in \(String(format: "%.2f", seconds(record.duration)))s"
        }
        return .object([JSONMember("text", .string(text))])
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
