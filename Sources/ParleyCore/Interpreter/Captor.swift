import ParleyModel

/// Reads a `capture` from the current turn: the latest event of the source kind that yields a
/// value. An earlier turn is never read, so `send` then `capture: { from: reply }` waits for the
/// answer instead of taking the greeting.
struct Captor {
    let turn: Turn
    let interpolation: Interpolation

    /// What a capture found in the turn so far.
    enum Reading {
        /// The value.
        case found(JSONValue)
        /// Nothing yet; the reason, for when the wait is over.
        case missing(String)
        /// It can never be read (a bad regex or path): fail at once.
        case broken(String)
    }

    func read(_ capture: Capture) -> Reading {
        let kind = capture.source
        let candidates = turn.entries.map(\.event).filter { $0.kinds.contains(kind) }.reversed()
        let name = "capture \(capture.name)"
        guard let latest = candidates.first else {
            let kinds = turn.entries.compactMap { $0.event.kinds.first?.rawValue }
            let got = kinds.isEmpty ? "nothing arrived" : "got \(ExpectationCheck.summary(kinds))"
            return .missing("\(name): no \(kind.rawValue) arrived in this turn (\(got))")
        }
        switch capture.extraction {
        case .whole:
            return .found(Self.primary(latest, kind))
        case .regex(let template, let group):
            let pattern: String
            switch interpolation.render(template) {
            case .success(let rendered): pattern = rendered.text
            case .failure(let failure): return .broken("\(name): \(failure.description)")
            }
            guard let regex = try? Regex(pattern) else { return .broken("\(name): /\(pattern)/ is not a valid regular expression") }
            for event in candidates {
                let text = MatcherEvaluator.text(Self.primary(event, kind)) ?? ""
                if let match = text.firstMatch(of: regex), group < match.output.count, let found = match.output[group].substring {
                    return .found(.string(String(found)))
                }
            }
            return .missing("\(name): no \(kind.rawValue) matched /\(pattern)/; the latest was \(PatternDescription.show(latest))")
        case .jsonPath(let path):
            guard let compiled = JSONPath(path) else { return .broken("\(name): \(path) is not a valid JSON path") }
            for event in candidates {
                if let found = compiled.select(in: event.fields).first { return .found(found) }
            }
            return .missing("\(name): no \(kind.rawValue) has a value at \(path)")
        }
    }

    /// The event's main field (a reply's text), or all its fields when it has none.
    private static func primary(_ event: AgentEvent, _ kind: EventKind) -> JSONValue {
        kind.primaryField.flatMap { event.fields[$0] } ?? event.fields
    }
}
