import Foundation
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
        let submit = message.data["submitElement"]
        var problems: [String] = []
        if !button.isEmpty, let id = submit?["elementId"].map(Interpolation.text), id != button {
            problems.append("it has no submit button '\(button)' (its button is '\(id)')")
        }
        let fields = Self.objects(message.data["formFields"])
        let ids = fields.compactMap { $0["elementId"].map(Interpolation.text) }
        for member in values where !ids.contains(member.key) {
            problems.append(
                "it has no field '\(member.key)' (fields: \(ids.joined(separator: ", "))\(Suggestion.hint(for: member.key, in: ids)))"
            )
        }
        for field in fields {
            guard let id = field["elementId"].map(Interpolation.text) else { continue }
            let label = field["label"].map { " (\(Interpolation.text($0)))" } ?? ""
            let given = values.first { $0.key == id }?.value
            if field["optional"] != .bool(true), given.map(Self.isEmpty) ?? true {
                problems.append("required field '\(id)'\(label) is empty")
                continue
            }
            let options = Self.objects(field["options"]).compactMap { $0["value"].map(Interpolation.text) }
            guard let given, !options.isEmpty else { continue }
            let picked: [JSONValue]
            if case .array(let items) = given { picked = items } else { picked = [given] }
            for value in picked.map(Interpolation.text) where !options.contains(value) {
                problems.append("'\(value)' is not an option of field '\(id)' (options: \(options.joined(separator: ", ")))")
            }
        }
        guard problems.isEmpty else { return .failure(reject(problems)) }
        if submit?["disableAfterInteracted"] == .bool(true) { state.interactives[index].closed = true }
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
        guard let slot = Slot(text) else {
            return .failure(
                Rejection(
                    message: "slot refused: '\(text)' is not a slot; write it like 'tuesday 10:30' or '2026-11-24T10:30'",
                    code: "invalid_slot"))
        }
        let written =
            (message.data["availability"]?[slot.day.rawValue]).map { value -> [String] in
                if case .array(let items) = value { return items.map(Interpolation.text) }
                return [Interpolation.text(value)]
            } ?? []
        let length =
            message.data["duration"].flatMap { value -> Int? in
                if case .number(let minutes) = value { return Int(minutes) }
                return nil
            } ?? 0
        let fits = written.compactMap(TimeWindow.init).contains { window in
            window.start <= slot.minutes && slot.minutes + max(length, 1) <= window.end
        }
        guard fits else {
            let hours = written.isEmpty ? "no slots on \(slot.day.rawValue)" : "\(slot.day.rawValue): \(written.joined(separator: ", "))"
            let fit = length > 0 ? " for a \(length)-minute slot" : ""
            return .failure(
                Rejection(
                    message:
                        "slot refused: \(slot.day.rawValue) \(slot.time) is outside the availability of scheduler '\(message.id)'\(fit) (\(hours))",
                    code: "invalid_slot"))
        }
        if message.data["scheduleElement"]?["disableAfterInteracted"] == .bool(true) { state.interactives[index].closed = true }
        return .success(.schedule(schedulerID: message.id, slot: slot))
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

    private static func isEmpty(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.trimmingCharacters(in: .whitespaces).isEmpty
        case .array(let items): return items.isEmpty
        case .bool, .number, .object: return false
        }
    }
}
