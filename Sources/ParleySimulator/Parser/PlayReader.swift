import ParleyModel
import ParleyParser

/// Reads `play:` lists: one event per item, a bare word or a one-key mapping.
struct PlayReader {
    let context: ParseContext
    /// The script's declared tools, to check `tool_call` names against.
    let tools: [ScriptTool]

    static let names = PlayKeyword.allCases.map(\.rawValue)

    func steps(_ node: YAMLNode) -> [PlayStep] {
        guard case .sequence(let items) = node.value else {
            context.wrongShape(node, expected: "a list of events, like [run_started, reply: Hello, run_finished]")
            return []
        }
        return items.compactMap(step)
    }

    private func step(_ node: YAMLNode) -> PlayStep? {
        let key: Located<String>
        let value: YAMLNode?
        switch node.value {
        case .scalar(let word, _):
            key = Located(word, at: node.location)
            value = nil
        case .mapping(let pairs) where pairs.count == 1:
            key = pairs[0].key
            value = pairs[0].value
        case .mapping(let pairs) where pairs.count > 1:
            context.error(
                "one event per list item: found '\(pairs[0].key.value)' and '\(pairs[1].key.value)'; start a new '- ' for each",
                at: pairs[1].key.location)
            return nil
        case .mapping, .sequence:
            context.wrongShape(node, expected: "an event, like '- reply: Hello' or '- run_started'")
            return nil
        }
        guard let keyword = PlayKeyword(rawValue: key.value) else {
            context.error("unknown play event '\(key.value)'\(Suggestion.hint(for: key.value, in: Self.names))", at: key.location)
            return nil
        }
        let given = value.flatMap { $0.scalarMeaning == .null ? nil : $0 }
        if given == nil, let kind = bare(keyword) { return PlayStep(kind, at: key.location) }
        guard let value = given else {
            context.error("event '\(keyword.rawValue)' needs a value, like '- \(keyword.rawValue): …'", at: key.location)
            return nil
        }
        return kind(keyword, value).map { PlayStep($0, at: key.location) }
    }

    /// The events that may be written bare, as `- run_started`.
    private func bare(_ keyword: PlayKeyword) -> PlayStep.Kind? {
        switch keyword {
        case .runStarted: return .runStarted
        case .runFinished: return .runFinished(.success)
        case .sessionEnded: return .sessionEnded(reason: nil)
        case .runError, .pause, .typing, .reply, .toolCall, .toolResult, .cardStart, .card, .cardEnd, .interactive,
            .goalCompleted, .handoff, .system, .interrupt, .stateSnapshot, .stateDelta, .custom, .setState, .remember, .fault:
            return nil
        }
    }

    private func kind(_ keyword: PlayKeyword, _ value: YAMLNode) -> PlayStep.Kind? {
        switch keyword {
        case .runStarted:
            context.wrongShape(value, expected: "nothing ('- run_started')")
            return nil
        case .runFinished:
            return context.word(value, RunOutcome.self, what: "run outcome").map(PlayStep.Kind.runFinished)
        case .runError: return runError(value)
        case .pause: return context.duration(value).map(PlayStep.Kind.pause)
        case .typing: return typing(value)
        case .reply: return reply(value).map(PlayStep.Kind.reply)
        case .toolCall: return toolCall(value).map(PlayStep.Kind.toolCall)
        case .toolResult:
            guard let map = fields(value, keyword, ["id", "name", "content"], required: ["id", "content"]),
                let id = map["id"].flatMap({ context.scriptTemplate($0) }), let content = map["content"]
            else { return nil }
            return .toolResult(id: id, name: map["name"].flatMap { context.scriptTemplate($0) }, content: context.scriptValueTemplate(content))
        case .cardStart:
            guard let map = fields(value, keyword, ["id", "execution_text"], required: ["id"]),
                let id = map["id"].flatMap({ context.scriptTemplate($0) })
            else { return nil }
            return .cardStart(id: id, executionText: map["execution_text"].flatMap { context.scriptTemplate($0) })
        case .card:
            guard let map = fields(value, keyword, ["id", "payload"], required: ["id", "payload"]),
                let id = map["id"].flatMap({ context.scriptTemplate($0) }), let payload = map["payload"]
            else { return nil }
            return .card(id: id, payload: context.scriptValueTemplate(payload))
        case .cardEnd:
            if case .scalar = value.value { return context.scriptTemplate(value, "a card id").map(PlayStep.Kind.cardEnd) }
            guard let map = fields(value, keyword, ["id"], required: ["id"]), let id = map["id"].flatMap({ context.scriptTemplate($0) })
            else { return nil }
            return .cardEnd(id: id)
        case .interactive: return InteractiveReader(context: context).interactive(value).map(PlayStep.Kind.interactive)
        case .goalCompleted: return context.scriptTemplate(value, "the interactive message's id").map(PlayStep.Kind.goalCompleted)
        case .handoff: return handoff(value).map(PlayStep.Kind.handoff)
        case .system: return system(value)
        case .interrupt: return interrupt(value).map(PlayStep.Kind.interrupt)
        case .sessionEnded:
            guard let map = fields(value, keyword, ["reason"], required: []) else { return nil }
            return .sessionEnded(reason: map["reason"].flatMap { context.scriptTemplate($0) })
        case .stateSnapshot: return .stateSnapshot(context.scriptValueTemplate(value))
        case .stateDelta: return patch(value).map(PlayStep.Kind.stateDelta)
        case .custom:
            guard let map = fields(value, keyword, ["name", "value"], required: ["name", "value"]),
                let name = map["name"].flatMap({ context.scriptTemplate($0, "the event's name") }), let content = map["value"]
            else { return nil }
            return .custom(name: name, value: context.scriptValueTemplate(content))
        case .setState: return context.string(value, "a state name").map(PlayStep.Kind.setState)
        case .remember:
            guard let map = MappingReader(value, context, expected: "a mapping like { last_order: \"${1}\" }") else { return nil }
            return .remember(map.pairs.map { NamedValue($0.key.value, context.scriptValueTemplate($0.value)) })
        case .fault: return FaultReader(context: context).fault(value).map(PlayStep.Kind.fault)
        }
    }

    /// `value` as a mapping with only `allowed` keys and every one of `required`.
    func fields(_ value: YAMLNode, _ keyword: PlayKeyword, _ allowed: [String], required: [String]) -> MappingReader? {
        let example = "{ " + allowed.map { "\($0): …" }.joined(separator: ", ") + " }"
        guard let map = MappingReader(value, context, expected: "a mapping like \(example)") else { return nil }
        map.rejectUnknownKeys(allowed: allowed, in: "'\(keyword.rawValue)'", context)
        map.require(required, in: "'\(keyword.rawValue)'", context)
        return required.allSatisfy({ map[$0] != nil }) ? map : nil
    }

    private func runError(_ value: YAMLNode) -> PlayStep.Kind? {
        if case .scalar = value.value { return context.scriptTemplate(value).map { .runError(message: $0, code: nil) } }
        guard let map = fields(value, .runError, ["message", "code"], required: ["message"]),
            let message = map["message"].flatMap({ context.scriptTemplate($0) })
        else { return nil }
        return .runError(message: message, code: map["code"].flatMap { context.scriptTemplate($0) })
    }

    private func typing(_ value: YAMLNode) -> PlayStep.Kind? {
        guard let map = fields(value, .typing, ["who", "state"], required: ["who", "state"]),
            let who = map["who"].flatMap({ context.word($0, ScriptSpeaker.self, what: "speaker") }),
            let state = map["state"].flatMap({ context.word($0, TypingState.self, what: "typing state") })
        else { return nil }
        return .typing(who: who == .live ? .live : .agent, started: state == .started)
    }

    private func system(_ value: YAMLNode) -> PlayStep.Kind? {
        if case .scalar = value.value { return context.scriptTemplate(value).map { .system(text: $0, level: .info) } }
        guard let map = fields(value, .system, ["text", "level"], required: ["text"]),
            let text = map["text"].flatMap({ context.scriptTemplate($0) })
        else { return nil }
        let level = map["level"].map { context.word($0, SystemLevel.self, what: "level") }
        if case .some(nil) = level { return nil }
        return .system(text: text, level: (level ?? nil) ?? .info)
    }

    private func handoff(_ value: YAMLNode) -> HandoffSpec? {
        let keys = ["stage", "queue", "queue_position", "wait", "agent", "reason", "route"]
        guard let map = fields(value, .handoff, keys, required: ["stage"]),
            let stage = map["stage"].flatMap({ context.word($0, HandoffStage.self, what: "handoff stage") })
        else { return nil }
        return HandoffSpec(
            stage: stage, queue: map["queue"].flatMap { context.scriptTemplate($0) },
            queuePosition: map["queue_position"].flatMap { context.count($0, minimum: 0, "a queue position") },
            wait: map["wait"].flatMap(context.duration), agentName: map["agent"].flatMap { context.scriptTemplate($0) },
            reason: map["reason"].flatMap { context.scriptTemplate($0) }, route: map["route"].map(context.scriptValueTemplate))
    }

    private func interrupt(_ value: YAMLNode) -> InterruptSpec? {
        guard let map = fields(value, .interrupt, ["id", "reason", "tool_call_id", "message", "payload"], required: []) else {
            return nil
        }
        return InterruptSpec(
            id: map["id"].flatMap { context.scriptTemplate($0) }, reason: map["reason"].flatMap { context.scriptTemplate($0) },
            toolCallID: map["tool_call_id"].flatMap { context.scriptTemplate($0) }, message: map["message"].flatMap { context.scriptTemplate($0) },
            payload: map["payload"].map(context.scriptValueTemplate))
    }
}
