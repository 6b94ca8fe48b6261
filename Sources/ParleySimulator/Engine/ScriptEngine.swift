import ParleyModel

/// The simulator's brain, free of clocks and I/O: given the conversation so far and a user action,
/// it returns what the agent plays and moves the conversation on (STYLE 11). The session schedules
/// the play on a clock; the wire servers (later) will serve the same plays.
public struct ScriptEngine: Sendable {
    /// The script being played.
    public let script: AgentScript

    /// Creates an engine for `script`.
    public init(script: AgentScript) {
        self.script = script
    }

    /// Whether the agent speaks first.
    public var hasGreeting: Bool { script.greeting != nil }

    /// The play when the session opens: the greeting as one run, or nothing.
    public func open(_ state: inout ConversationState) -> Play {
        guard let greeting = script.greeting else { return Play() }
        var builder = PlayBuilder(script: script, state: state, renderer: ScriptRenderer(bindings: [:], memory: state.memory), start: .zero)
        let location = script.location
        builder.play([
            PlayStep(.runStarted, at: location), PlayStep(.reply(greeting), at: location), PlayStep(.runFinished(.success), at: location),
        ])
        state = builder.state
        return Play(items: builder.finish(), source: "greeting")
    }

    /// The play that answers `action`. A refused action plays a `run_error` saying why and leaves
    /// the conversation as it was; `typing` plays nothing.
    public func respond(to action: UserAction, in state: inout ConversationState) -> Play {
        if case .typing = action { return Play() }
        if state.ended {
            return rejection(Rejection(message: "the session has ended; start a new session to go on", code: "session_ended"))
        }
        var checker = AnswerChecker(state: state)
        let checked: Result<Incoming, Rejection>
        switch action {
        case .send(let text): checked = .success(.text(text, tapped: false))
        case .tap(let suggestion): checked = .success(.text(suggestion, tapped: true))
        case .submit(let formID, let values, let button): checked = checker.submit(formID: formID, values: values, button: button)
        case .click(let messageID, let elementID): checked = checker.click(messageID: messageID, elementID: elementID)
        case .schedule(let messageID, let slot): checked = checker.schedule(messageID: messageID, slot: slot)
        case .respondTool(let callID, let name, let result): checked = checker.respondTool(callID: callID, name: name, result: result)
        case .resume(let interruptID, let decision, let payload):
            checked = checker.resume(interruptID: interruptID, decision: decision, payload: payload)
        case .typing: return Play()
        case .end: checked = .success(.end)
        }
        let incoming: Incoming
        switch checked {
        case .failure(let rejection): return self.rejection(rejection)
        case .success(let accepted): incoming = accepted
        }
        state = checker.state
        let steps: [PlayStep]
        let source: String
        var bindings: [String: JSONValue] = [:]
        if let (index, bound) = RuleMatcher(script: script).match(incoming, in: state) {
            let rule = script.rules[index]
            bindings = bound
            source = rule.id
            switch rule.body {
            case .play(let list): steps = list
            case .cycle(let plays):
                let played = state.cycles[index] ?? 0
                state.cycles[index] = played + 1
                steps = plays[min(played, plays.count - 1)]
            }
        } else if case .end = incoming {
            // Ending needs no rule: a session that ends says so.
            steps = [PlayStep(.sessionEnded(reason: Template(literal: "user_ended", location: script.location)), at: script.location)]
            source = "end"
        } else if let fallback = script.fallback {
            steps = fallback
            source = "fallback"
        } else {
            steps = []
            source = "no rule"
        }
        let renderer = ScriptRenderer(bindings: bindings, memory: state.memory)
        var builder = PlayBuilder(script: script, state: state, renderer: renderer, start: script.timing.think)
        builder.play(steps)
        state = builder.state
        return Play(items: builder.finish(), source: source)
    }

    private func rejection(_ rejection: Rejection) -> Play {
        Play(
            items: [
                TimedItem(.event(.runError(message: rejection.message, code: rejection.code)), at: .zero),
                TimedItem(.event(.turnEnded), at: .zero),
            ], source: nil)
    }
}
