import Foundation
import ParleyModel

/// A JSON report read back into the run it describes, so `parley report` can write JUnit, JSON and
/// HTML again from it, and put the shards of one run back together. The inverse of `JSONReport`:
/// reading what `JSONReport.json` wrote gives the same document when written again.
public enum ReportReader {
    /// A report as read: the run, and its transcripts' paths by flow run id, as the report wrote them
    /// (relative to the report's folder).
    public struct Report: Hashable, Sendable {
        public var summary: RunSummary
        public var transcripts: [String: String]
    }

    /// Why a report could not be read: where in the document, and what was expected there.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The key path, such as `flows[3].steps[0].outcome`.
        public var path: String
        public var expected: String

        public var description: String { path.isEmpty ? "expected \(expected)" : "\(path): expected \(expected)" }
    }

    /// Reads a report's JSON document.
    public static func read(_ document: JSONValue) throws(Problem) -> Report {
        let root = Node(value: document, path: "")
        let version = try root.int("version")
        guard version <= JSONReport.version else {
            throw Problem(path: "version", expected: "a report of version \(JSONReport.version) or older (this parley is older than the report's)")
        }
        let startedText = try root.string("started_at")
        guard let startedAt = date(startedText) else { throw Problem(path: "started_at", expected: "an ISO 8601 time") }
        var transcripts: [String: String] = [:]
        var results: [FlowResult] = []
        for flow in try root.array("flows") {
            let result = try self.flow(flow)
            if let transcript = try flow.optionalString("transcript") { transcripts[result.run.id] = transcript }
            results.append(result)
        }
        let summary = RunSummary(
            results: results, startedAt: startedAt, duration: try root.seconds("duration"), interrupted: try root.bool("interrupted"),
            pluginFailures: try root.strings("plugin_failures"),
            deliveryFailures: try each(root.optionalArray("delivery_failures"), deliveryFailure))
        return Report(summary: summary, transcripts: transcripts)
    }

    private static func flow(_ node: Node) throws(Problem) -> FlowResult {
        let run = FlowRun(
            id: try node.string("id"), name: try node.string("name"), path: try node.string("path"),
            location: try location(node.member("location")), tags: try node.strings("tags"),
            row: try node.optionalInt("row"), repetition: try node.optionalInt("repetition") ?? 1,
            attempt: try node.optionalInt("attempt") ?? 1, agent: try node.optionalString("agent"))
        let outcome: FlowOutcome
        switch try node.string("outcome") {
        case "passed": outcome = .passed
        case "flaky": outcome = .flaky
        case "failed": outcome = .failed(try failure(node.member("failure")))
        case "skipped": outcome = .skipped(reason: try node.optionalString("reason") ?? "")
        default: throw Problem(path: node.path + ".outcome", expected: "passed, flaky, failed or skipped")
        }
        return FlowResult(
            run: run, outcome: outcome, steps: try each(node.optionalArray("steps"), step), started: try node.seconds("started"),
            duration: try node.seconds("duration"), eventCount: try node.optionalInt("events") ?? 0)
    }

    private static func step(_ node: Node) throws(Problem) -> StepResult {
        let info = StepInfo(summary: try node.string("summary"), location: try location(node.member("location")), depth: try node.optionalInt("depth") ?? 0)
        let outcome: StepOutcome
        switch try node.string("outcome") {
        case "passed": outcome = .passed
        case "skipped": outcome = .skipped
        case "failed": outcome = .failed(try failure(node.member("failure")))
        case "flaky": outcome = .flaky(attempts: try node.optionalInt("attempts") ?? 2)
        default: throw Problem(path: node.path + ".outcome", expected: "passed, flaky, failed or skipped")
        }
        var latencies: [LatencyMeasure: Duration] = [:]
        if let latency = node.optionalMember("latency") {
            for measure in LatencyMeasure.allCases {
                if latency.optionalMember(measure.rawValue) != nil { latencies[measure] = try latency.seconds(measure.rawValue) }
            }
        }
        var result = StepResult(
            step: info, outcome: outcome, started: try node.seconds("started"), duration: try node.seconds("duration"), latencies: latencies)
        result.meaning = try each(node.optionalArray("meaning"), meaningCheck)
        return result
    }

    private static func meaningCheck(_ node: Node) throws(Problem) -> MeaningCheck {
        let keyword = try node.string("matcher")
        guard let kind = MeaningKind.allCases.first(where: { $0.keyword == keyword }) else {
            throw Problem(path: node.path + ".matcher", expected: MeaningKind.allCases.map(\.keyword).joined(separator: " or "))
        }
        return MeaningCheck(
            kind: kind, text: try node.string("text"), against: try node.string("against"), passed: try node.bool("passed"),
            score: try node.optionalMember("score")?.number(), threshold: try node.optionalMember("threshold")?.number(),
            reason: try node.optionalString("reason"), model: try node.optionalString("model"))
    }

    private static func failure(_ node: Node) throws(Problem) -> StepFailure {
        guard let cause = RetryCause(rawValue: try node.string("cause")) else {
            throw Problem(path: node.path + ".cause", expected: RetryCause.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return StepFailure(message: try node.string("message"), cause: cause, location: try location(node.member("location")), waited: try node.seconds("waited"))
    }

    private static func deliveryFailure(_ node: Node) throws(Problem) -> DeliveryFailure {
        guard let cause = DeliveryFailure.Cause(rawValue: try node.string("cause")) else {
            throw Problem(path: node.path + ".cause", expected: DeliveryFailure.Cause.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return DeliveryFailure(
            plugin: try node.string("plugin"), flow: try node.optionalString("flow"), url: try node.string("url"), attempts: try node.int("attempts"),
            cause: cause, reason: try node.string("reason"), method: try node.optionalString("method") ?? "POST")
    }

    /// `read` over each node, keeping the first problem (typed throws do not pass through `map`'s closure).
    private static func each<T>(_ nodes: [Node], _ read: (Node) throws(Problem) -> T) throws(Problem) -> [T] {
        var values: [T] = []
        for node in nodes { values.append(try read(node)) }
        return values
    }

    /// `file:line:column`, the file possibly holding colons of its own.
    private static func location(_ node: Node) throws(Problem) -> SourceLocation {
        let text = try node.text()
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            throw Problem(path: node.path, expected: "file:line:column")
        }
        return SourceLocation(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// A value in the document and the key path that leads to it, for errors.
    private struct Node {
        var value: JSONValue
        var path: String

        func optionalMember(_ key: String) -> Node? {
            guard let member = value[key], member != .null else { return nil }
            return Node(value: member, path: path.isEmpty ? key : path + "." + key)
        }

        func member(_ key: String) throws(Problem) -> Node {
            guard let node = optionalMember(key) else { throw Problem(path: path.isEmpty ? key : path + "." + key, expected: "a value") }
            return node
        }

        func text() throws(Problem) -> String {
            guard case .string(let text) = value else { throw Problem(path: path, expected: "a string") }
            return text
        }

        func number() throws(Problem) -> Double {
            guard case .number(let number) = value, number.isFinite else { throw Problem(path: path, expected: "a number") }
            return number
        }

        func string(_ key: String) throws(Problem) -> String { try member(key).text() }
        func optionalString(_ key: String) throws(Problem) -> String? { try optionalMember(key)?.text() }

        func int(_ key: String) throws(Problem) -> Int {
            let node = try member(key)
            let number = try node.number()
            guard number == number.rounded(), abs(number) < 1e15 else { throw Problem(path: node.path, expected: "a whole number") }
            return Int(number)
        }

        func optionalInt(_ key: String) throws(Problem) -> Int? { optionalMember(key) == nil ? nil : try int(key) }

        func seconds(_ key: String) throws(Problem) -> Duration {
            let node = try member(key)
            let number = try node.number()
            guard number >= 0, number < 1e9 else { throw Problem(path: node.path, expected: "seconds, 0 or more") }
            return .milliseconds(Int64((number * 1000).rounded()))
        }

        func bool(_ key: String) throws(Problem) -> Bool {
            let node = try member(key)
            guard case .bool(let flag) = node.value else { throw Problem(path: node.path, expected: "true or false") }
            return flag
        }

        func array(_ key: String) throws(Problem) -> [Node] {
            let node = try member(key)
            guard case .array(let items) = node.value else { throw Problem(path: node.path, expected: "a list") }
            return items.enumerated().map { Node(value: $1, path: "\(node.path)[\($0)]") }
        }

        func optionalArray(_ key: String) throws(Problem) -> [Node] { optionalMember(key) == nil ? [] : try array(key) }

        func strings(_ key: String) throws(Problem) -> [String] {
            var texts: [String] = []
            for node in try optionalArray(key) { texts.append(try node.text()) }
            return texts
        }
    }
}
