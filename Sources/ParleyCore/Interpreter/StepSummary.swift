import ParleyModel

/// Steps in words for progress output and reports: `send "Where is my order ${order}?"`.
enum StepSummary {
    static func describe(_ kind: Step.Kind) -> String {
        switch kind {
        case .send(let send): return "send \(quoted(send.text))"
        case .expect(let expectation): return "expect \(PatternDescription.describe(expectation.pattern))"
        case .expectNo(let absence): return "expect_no \(PatternDescription.describe(absence.pattern))"
        case .expectSequence(let sequence): return "expect_sequence of \(sequence.patterns.count) events"
        case .tap(let text): return "tap \(quoted(text))"
        case .fill(let fill):
            let names = fill.values.map(\.name).joined(separator: ", ")
            return fill.submit.map { "fill \(names) and submit \(source($0))" } ?? "fill \(names)"
        case .click(let click): return "click \(source(click.element))"
        case .schedule(let slot): return "schedule \(source(slot.slot))"
        case .respondTool(let response): return "respond_tool \(response.name.map(source) ?? response.callID.map(source) ?? "")"
        case .resume(let resume): return "resume \(resume.decision.rawValue)"
        case .end: return "end"
        case .typing: return "typing"
        case .wait(let duration): return "wait \(duration.flowText)"
        case .set(let assignments): return "set \(assignments.map(\.name).joined(separator: ", "))"
        case .capture(let captures): return "capture \(captures.map(\.name).joined(separator: ", "))"
        case .conditional: return "if"
        case .loop(let loop):
            switch loop.bound {
            case .times(let times): return "repeat \(times) times"
            case .until(_, let max): return "repeat until (at most \(max) times)"
            }
        case .include(let include): return "include \(include.path)"
        case .retry(let retry): return "retry (\(retry.attempts) attempts)"
        case .log(let text): return "log \(quoted(text))"
        }
    }

    /// A template as written, references kept: `Where is ${order}?`.
    static func source(_ template: Template) -> String {
        template.parts.map { part in
            switch part {
            case .literal(let text): return text
            case .reference(let reference, _): return "${\(reference)}"
            }
        }.joined()
    }

    private static func quoted(_ template: Template) -> String {
        let text = source(template)
        return "\"\(text.count > 60 ? text.prefix(57) + "..." : text)\""
    }
}
