import ParleyModel
import ParleyParser

/// Checks that names used in one place of a script exist in another: a `submit:` trigger names a
/// form some rule sends, a `tool_result:` trigger names a frontend tool, and so on. Only literal
/// ids are checked; a templated id (`"order-${1}"`) cannot be known before a run.
struct CrossReferences {
    let script: AgentScript
    let context: ParseContext

    func check() {
        let messages = interactiveIDs()
        for rule in script.rules {
            for condition in rule.when {
                switch condition.trigger {
                case .submit(let id): expect(id, among: messages, kinds: [.form], "form", at: condition.location)
                case .schedule(let id): expect(id, among: messages, kinds: [.scheduler], "scheduler", at: condition.location)
                case .click(_, let card?): expect(card, among: messages, kinds: [.card, .custom], "card", at: condition.location)
                case .toolResult(let tool, _): checkFrontendTool(tool, at: condition.location)
                case .text, .tap, .click, .resume, .end: break
                }
            }
        }
        for step in allSteps {
            guard case .goalCompleted(let template) = step.kind, let id = template.literalText else { continue }
            let all = Array(messages.keys)
            if messages[id] == nil {
                context.error(
                    "'goal_completed: \(id)': no 'interactive' message has id '\(id)'\(Suggestion.hint(for: id, in: all))",
                    at: step.location)
            }
        }
    }

    private var allSteps: [PlayStep] {
        script.rules.flatMap { rule -> [PlayStep] in
            switch rule.body {
            case .play(let steps): return steps
            case .cycle(let plays): return plays.flatMap { $0 }
            }
        } + (script.fallback ?? [])
    }

    /// Literal interactive message ids and their kinds.
    private func interactiveIDs() -> [String: InteractiveKind] {
        var ids: [String: InteractiveKind] = [:]
        for step in allSteps {
            if case .interactive(let spec) = step.kind, let id = spec.id.literalText { ids[id] = spec.kind }
        }
        return ids
    }

    private func expect(
        _ id: String, among messages: [String: InteractiveKind], kinds: [InteractiveKind], _ what: String, at location: SourceLocation
    ) {
        // A script whose interactive ids are all templated cannot be checked.
        if messages.isEmpty, allSteps.contains(where: { if case .interactive = $0.kind { return true } else { return false } }) { return }
        let candidates = messages.filter { kinds.contains($0.value) }.keys.sorted()
        if let kind = messages[id] {
            if !kinds.contains(kind) { context.error("'\(id)' is a \(kind.rawValue), not a \(what)", at: location) }
            return
        }
        let known = candidates.isEmpty ? "the script sends no \(what)" : "\(what)s: \(candidates.joined(separator: ", "))"
        context.error("no 'interactive' \(what) has id '\(id)' (\(known))\(Suggestion.hint(for: id, in: candidates))", at: location)
    }

    private func checkFrontendTool(_ name: String, at location: SourceLocation) {
        guard !script.tools.isEmpty else { return }
        guard let tool = script.tool(named: name) else {
            let names = script.tools.filter { $0.side == .frontend }.map(\.name)
            context.error("'tool_result: \(name)': no such tool under 'tools:'\(Suggestion.hint(for: name, in: names))", at: location)
            return
        }
        if tool.side != .frontend {
            context.error(
                "'tool_result: \(name)': '\(name)' is a backend tool; only frontend tools are answered by the client", at: location)
        }
    }
}
