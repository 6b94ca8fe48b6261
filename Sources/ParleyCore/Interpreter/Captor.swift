import ParleyModel

/// Reads a `capture` from the conversation: the latest event of the source kind that yields a
/// value, in the current turn first, then earlier in the session.
struct Captor {
    let conversation: Conversation
    let interpolation: Interpolation

    func value(for capture: Capture) -> Result<JSONValue, ActionFailure> {
        let kind = capture.source
        let turn = conversation.turn.entries.map(\.event).filter { $0.kinds.contains(kind) }
        let earlier = conversation.history.dropLast(conversation.turn.entries.count).filter { $0.kinds.contains(kind) }
        let candidates = Array(turn.reversed()) + Array(earlier.reversed())
        guard !candidates.isEmpty else {
            return .failure(ActionFailure("capture \(capture.name): no \(kind.rawValue) has arrived"))
        }
        switch capture.extraction {
        case .whole:
            return .success(Self.primary(candidates[0], kind))
        case .regex(let template, let group):
            let pattern: String
            switch interpolation.render(template) {
            case .success(let rendered): pattern = rendered.text
            case .failure(let failure): return .failure(ActionFailure(failure.description))
            }
            guard let regex = try? Regex(pattern) else {
                return .failure(ActionFailure("capture \(capture.name): /\(pattern)/ is not a valid regular expression"))
            }
            for event in candidates {
                let text = MatcherEvaluator.text(Self.primary(event, kind)) ?? ""
                if let match = text.firstMatch(of: regex), group < match.output.count, let found = match.output[group].substring {
                    return .success(.string(String(found)))
                }
            }
            let got = PatternDescription.show(candidates[0])
            return .failure(ActionFailure("capture \(capture.name): no \(kind.rawValue) matched /\(pattern)/; the latest was \(got)"))
        case .jsonPath(let path):
            guard let compiled = JSONPath(path) else {
                return .failure(ActionFailure("capture \(capture.name): \(path) is not a valid JSON path"))
            }
            for event in candidates {
                if let found = compiled.select(in: event.fields).first { return .success(found) }
            }
            return .failure(ActionFailure("capture \(capture.name): no \(kind.rawValue) has a value at \(path)"))
        }
    }

    /// The event's main field (a reply's text), or all its fields when it has none.
    private static func primary(_ event: AgentEvent, _ kind: EventKind) -> JSONValue {
        kind.primaryField.flatMap { event.fields[$0] } ?? event.fields
    }
}
