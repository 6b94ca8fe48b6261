import ParleyModel

/// Reads a `capture` from the current turn: the latest event of the source kind that yields a
/// value. An earlier turn is never read, so `send` then `capture: { from: reply }` waits for the
/// answer instead of taking the greeting. Each event is looked at once, as it arrives (`Tally`).
struct Captor {
    let interpolation: Interpolation

    /// What a capture has found in the turn so far, extended as events arrive.
    struct Tally: Sendable {
        /// How many of the turn's events have been looked at.
        var judged = 0
        /// The position of the latest event of the source kind.
        var latest: Int?
        /// The value from the latest event of the source kind that yields one.
        var value: JSONValue?
        /// Why the capture can never be read (a bad regex or path), once an event of its kind came.
        var broken: String?
        /// Where, when that is not the step: the reference a regex could not be rendered without.
        var brokenAt: SourceLocation?
    }

    /// What a capture found in the turn so far.
    enum Reading {
        /// The value.
        case found(JSONValue)
        /// Nothing yet (`missing(_:in:)` says why, for when the wait is over).
        case missing
        /// It can never be read (a bad regex or path): fail at once, at the place given or the step's.
        case broken(String, SourceLocation?)
    }

    /// Looks at the events of `turn` that arrived since `tally` was last brought up to date.
    /// `counter` counts each event looked at, as the evaluator counts matches.
    func catchUp(_ tally: inout Tally, _ capture: Capture, _ turn: Turn, counter: EvaluationCounter? = nil) {
        let kind = capture.source
        let fresh = (tally.judged..<turn.entries.count).filter { index in
            counter?.add()
            return turn.entries[index].event.kinds.contains(kind)
        }
        tally.judged = turn.entries.count
        guard let last = fresh.last, tally.broken == nil else { return }
        tally.latest = last
        let name = "capture \(capture.name)"
        switch capture.extraction {
        case .whole:
            tally.value = Self.primary(turn.entries[last].event, kind)
        case .regex(let template, let group):
            let pattern: String
            switch interpolation.render(template) {
            case .success(let rendered): pattern = rendered.text
            case .failure(let failure):
                tally.broken = "\(name): \(failure.message)"
                tally.brokenAt = failure.location
                return
            }
            guard let regex = try? Regex(pattern) else {
                tally.broken = "\(name): /\(pattern)/ is not a valid regular expression"
                return
            }
            for index in fresh {
                let text = MatcherEvaluator.text(Self.primary(turn.entries[index].event, kind)) ?? ""
                if let match = text.firstMatch(of: regex), group < match.output.count, let found = match.output[group].substring {
                    tally.value = .string(String(found))
                }
            }
        case .jsonPath(let path):
            guard let compiled = JSONPath(path) else {
                tally.broken = "\(name): \(path) is not a valid JSON path"
                return
            }
            for index in fresh {
                if let found = compiled.select(in: turn.entries[index].event.fields).first { tally.value = found }
            }
        }
    }

    /// The capture's state, from a tally brought up to date.
    static func read(_ tally: Tally) -> Reading {
        if let broken = tally.broken { return .broken(broken, tally.brokenAt) }
        return tally.value.map(Reading.found) ?? .missing
    }

    /// Why a capture is still missing: nothing of its kind arrived, or none yielded a value.
    func missing(_ capture: Capture, _ tally: Tally, in turn: Turn) -> String {
        let kind = capture.source
        let name = "capture \(capture.name)"
        guard let latest = tally.latest.map({ turn.entries[$0].event }) else {
            let kinds = turn.entries.compactMap { $0.event.kinds.first?.rawValue }
            let got = kinds.isEmpty ? "nothing arrived" : "got \(ExpectationCheck.summary(kinds))"
            return "\(name): no \(kind.rawValue) arrived in this turn (\(got))"
        }
        switch capture.extraction {
        case .whole:
            // Not reached: a whole capture has its value as soon as an event of its kind arrives.
            return "\(name): no \(kind.rawValue) arrived in this turn"
        case .regex(let template, _):
            let pattern = (try? interpolation.render(template).get().text) ?? ""
            return "\(name): no \(kind.rawValue) matched /\(pattern)/; the latest was \(PatternDescription.show(latest))"
        case .jsonPath(let path):
            return "\(name): no \(kind.rawValue) has a value at \(path)"
        }
    }

    /// The event's main field (a reply's text), or all its fields when it has none.
    private static func primary(_ event: AgentEvent, _ kind: EventKind) -> JSONValue {
        kind.primaryField.flatMap { event.fields[$0] } ?? event.fields
    }
}
