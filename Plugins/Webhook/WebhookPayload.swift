import Foundation
import ParleyCore
import ParleyModel

/// The JSON bodies the webhook sends (`format: json`); docs/webhook.md lists every key.
///
/// Built only from results and summaries, which reach plugins with secrets masked; the
/// webhook's own `secret` is never part of a body.
public enum WebhookPayload {
    /// The body for one finished flow run: `{"kind": "flow", "id": …, "outcome": "failed", …}`.
    public static func flow(_ result: FlowResult) -> JSONValue {
        var members: [JSONMember] = [JSONMember("kind", "flow")]
        members += flowMembers(result)
        members.append(JSONMember("tags", .array(result.run.tags.map(JSONValue.string))))
        if let row = result.run.row { members.append(JSONMember("row", .number(Double(row)))) }
        members += [
            JSONMember("repetition", .number(Double(result.run.repetition))),
            JSONMember("attempt", .number(Double(result.run.attempt))),
            JSONMember("started_seconds", seconds(result.started)),
            JSONMember("duration_seconds", seconds(result.duration)),
            JSONMember("steps", stepCounts(result.steps)),
            JSONMember("events", .number(Double(result.eventCount))),
        ]
        return .object(members)
    }

    /// The body for a whole run: counts, duration, plugin failures and the failed flows.
    public static func run(_ summary: RunSummary) -> JSONValue {
        let failed = summary.results.filter { if case .failed = $0.outcome { true } else { false } }
        return .object([
            JSONMember("kind", "run"),
            JSONMember("outcome", .string(runOutcome(summary))),
            JSONMember("succeeded", .bool(summary.succeeded)),
            JSONMember("interrupted", .bool(summary.interrupted)),
            JSONMember("started_at", .string(timestamp(summary.startedAt))),
            JSONMember("duration_seconds", seconds(summary.duration)),
            JSONMember(
                "counts",
                .object([
                    JSONMember("total", .number(Double(summary.results.count))),
                    JSONMember("passed", .number(Double(summary.passed))),
                    JSONMember("failed", .number(Double(summary.failed))),
                    JSONMember("flaky", .number(Double(summary.flaky))),
                    JSONMember("skipped", .number(Double(summary.skipped))),
                ])
            ),
            JSONMember("plugin_failures", .array(summary.pluginFailures.map(JSONValue.string))),
            JSONMember("failed_flows", .array(failed.map { .object(flowMembers($0)) })),
        ])
    }

    /// `passed`, `failed` or `interrupted`.
    static func runOutcome(_ summary: RunSummary) -> String {
        if summary.interrupted { return "interrupted" }
        return summary.succeeded ? "passed" : "failed"
    }

    /// The outcome's word: `passed`, `failed`, `flaky` or `skipped`.
    static func outcomeWord(_ outcome: FlowOutcome) -> String {
        switch outcome {
        case .passed: return "passed"
        case .failed: return "failed"
        case .flaky: return "flaky"
        case .skipped: return "skipped"
        }
    }

    /// What a flow is and how it went; shared by the flow body and the run's `failed_flows`.
    /// Like the JSON report, a key whose value would be absent is left out, not written as null.
    private static func flowMembers(_ result: FlowResult) -> [JSONMember] {
        var members = [
            JSONMember("id", .string(result.run.id)),
            JSONMember("name", .string(result.run.name)),
            JSONMember("path", .string(result.run.path)),
            JSONMember("location", .string(result.run.location.description)),
            JSONMember("outcome", .string(outcomeWord(result.outcome))),
        ]
        switch result.outcome {
        case .passed, .flaky: break
        case .failed(let failure):
            members.append(
                JSONMember(
                    "failure",
                    .object([
                        JSONMember("message", .string(failure.message)),
                        JSONMember("location", .string(failure.location.description)),
                        JSONMember("file", .string(failure.location.file)),
                        JSONMember("line", .number(Double(failure.location.line))),
                        JSONMember("column", .number(Double(failure.location.column))),
                        JSONMember("cause", .string(failure.cause.rawValue)),
                        JSONMember("waited_seconds", seconds(failure.waited)),
                    ])
                ))
        case .skipped(let reason): members.append(JSONMember("reason", .string(reason)))
        }
        return members
    }

    private static func stepCounts(_ steps: [StepResult]) -> JSONValue {
        var passed = 0, failed = 0, skipped = 0, flaky = 0
        for step in steps {
            switch step.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            case .flaky: flaky += 1
            }
        }
        return .object([
            JSONMember("total", .number(Double(steps.count))),
            JSONMember("passed", .number(Double(passed))),
            JSONMember("failed", .number(Double(failed))),
            JSONMember("flaky", .number(Double(flaky))),
            JSONMember("skipped", .number(Double(skipped))),
        ])
    }

    /// Seconds, rounded to the millisecond so bodies read cleanly.
    static func seconds(_ duration: Duration) -> JSONValue {
        .number((duration.inSeconds * 1000).rounded() / 1000)
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
