import Foundation
import ParleyCore
import ParleyModel
import ParleyParser

/// Judges answers to what the simulator sent: a submission must fit its form, a click must hit a
/// button of a card, a slot must lie inside the scheduler's availability, and a tool answer or a
/// resume must have an open call or interrupt. Accepting an answer may close what it answered.
struct AnswerChecker {
    var state: ConversationState

    mutating func submit(formID: String, values: [JSONMember], button: String) -> Result<Incoming, Rejection> {
        guard let index = find(formID, kind: .form) else { return .failure(missing(formID, .form, code: "invalid_submission")) }
        let message = state.interactives[index].message
        func reject(_ problems: [String]) -> Rejection {
            Rejection(message: "form '\(message.id)' was rejected: \(problems.joined(separator: "; "))", code: "invalid_submission")
        }
        if state.interactives[index].closed { return .failure(reject(["it was already submitted"])) }
        // The rules are Core's, the ones `fill` checks before sending; the words are the simulator's.
        let problems = FormRules(message).problems(in: values, button: button).map(Self.words)
        guard problems.isEmpty else { return .failure(reject(problems)) }
        if message.data["submitElement"]?["disableAfterInteracted"] == .bool(true) { state.interactives[index].closed = true }
        return .success(.submit(formID: message.id, values: values))
    }

    mutating func click(messageID: String, elementID: String) -> Result<Incoming, Rejection> {
        let hit: Int?
        if messageID.isEmpty {
            hit = state.interactives.indices.last { Self.action(elementID, in: state.interactives[$0].message) != nil }
        } else {
            hit = state.interactives.lastIndex { $0.message.id == messageID }
            guard hit != nil else { return .failure(missing(messageID, .card, code: "invalid_click")) }
        }
        guard let index = hit, let action = Self.action(elementID, in: state.interactives[index].message) else {
            let scope =
                messageID.isEmpty
                ? state.interactives.map(\.message) : state.interactives.filter { $0.message.id == messageID }.map(\.message)
            let buttons = scope.flatMap { Self.objects($0.data["cardActions"]) }.compactMap { $0["elementId"].map(Interpolation.text) }
            let place = messageID.isEmpty ? "no card on screen has" : "card '\(messageID)' has no"
            let listing =
                buttons.isEmpty ? "" : " (buttons: \(buttons.joined(separator: ", "))\(Suggestion.hint(for: elementID, in: buttons)))"
            return .failure(Rejection(message: "click refused: \(place) button '\(elementID)'\(listing)", code: "invalid_click"))
        }
        let message = state.interactives[index].message
        if state.interactives[index].closed {
            return .failure(Rejection(message: "click refused: card '\(message.id)' no longer takes clicks", code: "invalid_click"))
        }
        if action["disableAfterInteracted"] == .bool(true) { state.interactives[index].closed = true }
        return .success(.click(cardID: message.id, elementID: elementID))
    }

    mutating func schedule(messageID: String, slot text: String) -> Result<Incoming, Rejection> {
        guard let index = find(messageID, kind: .scheduler) else { return .failure(missing(messageID, .scheduler, code: "invalid_slot")) }
        let message = state.interactives[index].message
        if state.interactives[index].closed {
            return .failure(Rejection(message: "slot refused: scheduler '\(message.id)' already has a slot", code: "invalid_slot"))
        }
        // Core's rules, the ones `schedule` checks before sending: availability in either form, duration and buffer, date range.
        switch SchedulerRules(message).check(text) {
        case .failure(let refusal):
            return .failure(Rejection(message: "slot refused: \(refusal.slot): \(refusal.reason)", code: "invalid_slot"))
        case .success(let resolved):
            if message.data["scheduleElement"]?["disableAfterInteracted"] == .bool(true) { state.interactives[index].closed = true }
            return .success(.schedule(schedulerID: message.id, slot: resolved.slot))
        }
    }

    // MARK: - helpers

    /// The newest message with `id` (any open one of `kind` when `id` is empty) of the right kind.
    private func find(_ id: String, kind: InteractiveKind) -> Int? {
        state.interactives.lastIndex { $0.message.kind == kind && (id.isEmpty || $0.message.id == id) }
    }

    private func missing(_ id: String, _ kind: InteractiveKind, code: String) -> Rejection {
        let sent = state.interactives.filter { $0.message.kind == kind }.map(\.message.id)
        let what = kind == .form ? "form" : kind == .scheduler ? "scheduler" : "card"
        let subject = id.isEmpty ? "the agent has sent no \(what)" : "the agent sent no \(what) '\(id)'"
        let listing =
            sent.isEmpty || id.isEmpty ? "" : " (\(what)s sent: \(sent.joined(separator: ", "))\(Suggestion.hint(for: id, in: sent)))"
        return Rejection(message: "\(subject)\(listing)", code: code)
    }

    private static func action(_ elementID: String, in message: InteractiveMessage) -> JSONValue? {
        objects(message.data["cardActions"]).first { $0["elementId"].map(Interpolation.text) == elementID }
    }

    static func objects(_ value: JSONValue?) -> [JSONValue] {
        guard case .array(let items)? = value else { return [] }
        return items
    }

    /// A form problem in the simulator's words; unknown fields get a "did you mean".
    private static func words(_ problem: FormProblem) -> String {
        switch problem {
        case .notASubmitButton(_, let button, let buttons):
            return "it has no submit button '\(button)' (its button is '\(buttons.joined(separator: "' or '"))')"
        case .unknownElement(_, let id, let elements):
            return "it has no field '\(id)' (fields: \(elements.joined(separator: ", "))\(Suggestion.hint(for: id, in: elements)))"
        case .required(_, let id, let label):
            return "required field '\(id)'\(label.map { " (\($0))" } ?? "") is empty"
        case .notAnOption(let id, let value, let options):
            return "'\(value)' is not an option of field '\(id)' (options: \(options.joined(separator: ", ")))"
        case .takesNoValue, .disabled, .notOneValue, .notText, .tooManyLines, .notADateTime, .beforeFrom, .afterTo:
            return problem.description
        }
    }
}
