import ParleyModel
import ParleyParser

/// The names a rule's templates may use, so a typo in `${…}` fails when the script is read, not
/// as an empty string in the middle of a reply.
struct ReferenceScope {
    /// The most groups any of the rule's `text` patterns has; nil without a `text` trigger.
    var groupCount: Int?
    /// Named groups of the rule's `text` patterns.
    var groupNames: Set<String> = []
    /// The trigger data the rule's triggers bind (`values`, `slot`, `result`, `payload`).
    var triggerData: Set<String> = []
    /// The lookup's name and the fields its table's rows have.
    var lookup: (name: String, table: String, fields: [String])?

    /// Which trigger binds each kind of trigger data.
    static let dataTriggers = ["values": "submit", "slot": "schedule", "result": "tool_result", "payload": "resume"]
    /// The fields of `${slot.…}`.
    static let slotFields = ["day", "time", "date"]

    /// What the templates belong to, for messages: "this rule", "the greeting".
    var place = "this rule"

    /// The scope of a rule with these conditions.
    init(conditions: [RuleCondition] = [], place: String = "this rule") {
        self.place = place
        for condition in conditions {
            switch condition.trigger {
            case .text(let regex):
                groupCount = max(groupCount ?? 0, regex.groupCount)
                groupNames.formUnion(regex.groupNames)
            case .submit: triggerData.insert("values")
            case .schedule: triggerData.insert("slot")
            case .toolResult: triggerData.insert("result")
            case .resume: triggerData.insert("payload")
            case .tap, .click, .end: break
            }
        }
    }

    /// Reports every reference in `template` this scope cannot fill.
    func check(_ template: Template, _ context: ParseContext) {
        for case (.variable(let name, let path), let location) in template.references {
            if let problem = problem(name: name, path: path) { context.error(problem, at: location) }
        }
    }

    private func problem(name: String, path: [String]) -> String? {
        let written = "'${\(([name] + path).joined(separator: "."))}'"
        if let group = Int(name) {
            guard let count = groupCount else { return "\(written) is a regex group, but \(place) has no 'text' trigger" }
            return group <= count ? nil : "\(written): the rule's text pattern has only \(count) group\(count == 1 ? "" : "s")"
        }
        if groupNames.contains(name) || name == "memory" { return nil }
        if let trigger = Self.dataTriggers[name] {
            guard triggerData.contains(name) else {
                return "\(written) needs a '\(trigger)' trigger in \(place == "this rule" ? "this rule's 'when'" : place)"
            }
            if name == "slot", let field = path.first, !Self.slotFields.contains(field) {
                return
                    "\(written): a slot has \(Self.slotFields.joined(separator: ", "))\(Suggestion.hint(for: field, in: Self.slotFields))"
            }
            return nil
        }
        if let lookup, lookup.name == name {
            guard let field = path.first, !lookup.fields.isEmpty, !lookup.fields.contains(field) else { return nil }
            return
                "\(written): rows of table '\(lookup.table)' have no field '\(field)'\(Suggestion.hint(for: field, in: lookup.fields))"
        }
        let known = available
        let listing = known.isEmpty ? "" : " (\(place) can use \(known.joined(separator: ", ")))"
        return "unknown reference \(written)\(listing)\(Suggestion.hint(for: name, in: known))"
    }

    /// The heads a template here may start with, for messages.
    private var available: [String] {
        var names = groupCount.map { count in (0...count).map(String.init) } ?? []
        names += groupNames.sorted()
        names += ReferenceScope.dataTriggers.keys.sorted().filter(triggerData.contains)
        if let lookup { names.append(lookup.name) }
        return names + ["memory"]
    }
}

extension PlayStep.Kind {
    /// Every template in the step, for reference checks.
    var templates: [Template] {
        switch self {
        case .runStarted, .runFinished, .pause, .typing, .setState, .fault: return []
        case .runError(let message, let code): return [message] + (code.map { [$0] } ?? [])
        case .reply(let spec): return spec.templates
        case .toolCall(let spec):
            return (spec.id.map { [$0] } ?? []) + spec.args.templates + (spec.result?.templates ?? [])
        case .toolResult(let id, let name, let content): return [id] + (name.map { [$0] } ?? []) + content.templates
        case .cardStart(let id, let text): return [id] + (text.map { [$0] } ?? [])
        case .card(let id, let payload): return [id] + payload.templates
        case .cardEnd(let id), .goalCompleted(let id): return [id]
        case .interactive(let spec): return [spec.id] + spec.data.templates
        case .handoff(let spec):
            return [spec.queue, spec.agentName, spec.reason].compactMap { $0 } + (spec.route?.templates ?? [])
        case .system(let text, _): return [text]
        case .interrupt(let spec):
            return [spec.id, spec.reason, spec.toolCallID, spec.message].compactMap { $0 } + (spec.payload?.templates ?? [])
        case .sessionEnded(let reason): return reason.map { [$0] } ?? []
        case .stateSnapshot(let value), .stateDelta(let value): return value.templates
        case .custom(let name, let value): return [name] + value.templates
        case .remember(let values): return values.flatMap(\.value.templates)
        }
    }
}

extension ReplySpec {
    /// Every template in the reply.
    var templates: [Template] {
        var all = [text] + (agentName.map { [$0] } ?? []) + suggestions
        if case .pieces(let pieces) = chunks { all += pieces }
        return all + attachments.flatMap(\.templates) + callActions.flatMap(\.templates)
    }
}
