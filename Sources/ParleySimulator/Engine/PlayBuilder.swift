import ParleyModel

/// Turns a rule's steps into timed events, rendering templates and moving the conversation on as
/// it goes, so a `remember` or `set_state` is seen by the steps after it.
struct PlayBuilder {
    let script: AgentScript
    var state: ConversationState
    var renderer: ScriptRenderer
    /// When the next event is due, from the start of the play.
    var cursor: Duration
    private(set) var items: [TimedItem] = []

    init(script: AgentScript, state: ConversationState, renderer: ScriptRenderer, start: Duration) {
        self.script = script
        self.state = state
        self.renderer = renderer
        self.cursor = start
    }

    mutating func emit(_ event: AgentEvent) {
        items.append(TimedItem(.event(event), at: cursor))
    }

    /// The items, closed by `turn_ended` (the simulator's word that the play is over).
    mutating func finish() -> [TimedItem] {
        emit(.turnEnded)
        return items
    }

    mutating func play(_ steps: [PlayStep]) {
        for step in steps { play(step.kind) }
    }

    private mutating func play(_ kind: PlayStep.Kind) {
        switch kind {
        case .runStarted:
            let id = state.nextID("run")
            state.runID = id
            emit(.runStarted(runID: id, threadID: state.threadID))
        case .runFinished(let outcome):
            emit(.runFinished(runID: state.runID, outcome: outcome))
            state.runID = nil
        case .runError(let message, let code):
            emit(.runError(message: renderer.text(message), code: renderer.text(code)))
            state.runID = nil
        case .pause(let duration):
            cursor += duration
        case .typing(let who, let started):
            emit(.typing(who: who, isTyping: started))
        case .reply(let spec):
            reply(spec)
        case .toolCall(let spec):
            toolCall(spec)
        case .toolResult(let id, let name, let content):
            let callID = renderer.text(id)
            let pending = state.pendingCalls.firstIndex { $0.id == callID }
            let tool = renderer.text(name) ?? pending.map { state.pendingCalls[$0].name }
            if let pending { state.pendingCalls.remove(at: pending) }
            emit(.toolResult(id: callID, name: tool, content: renderer.value(content)))
        case .cardStart(let id, let text):
            emit(.cardStart(id: renderer.text(id), executionText: renderer.text(text)))
        case .card(let id, let payload):
            emit(.card(id: renderer.text(id), payload: renderer.value(payload)))
        case .cardEnd(let id):
            emit(.cardEnd(id: renderer.text(id)))
        case .interactive(let spec):
            let message = InteractiveMessage(id: renderer.text(spec.id), kind: spec.kind, data: renderer.value(spec.data), goal: spec.goal)
            // Sending a message again (the same form twice) opens it afresh.
            state.interactives.removeAll { $0.message.id == message.id }
            state.interactives.append(OpenInteractive(message: message))
            emit(.interactive(message))
        case .goalCompleted(let id):
            emit(.goalCompleted(messageID: renderer.text(id)))
        case .handoff(let spec):
            emit(
                .handoff(
                    Handoff(
                        stage: spec.stage, queuePosition: spec.queuePosition, wait: spec.wait, queue: renderer.text(spec.queue),
                        agentName: renderer.text(spec.agentName), reason: renderer.text(spec.reason), route: spec.route.map(renderer.value))
                ))
        case .system(let text, let level):
            emit(.system(text: renderer.text(text), level: level))
        case .interrupt(let spec):
            let id = renderer.text(spec.id) ?? state.nextID("interrupt")
            state.openInterrupts.removeAll { $0 == id }
            state.openInterrupts.append(id)
            // The normalized event has no place for `message` and `tool_call_id`; the wire
            // servers read them from the script.
            emit(.interrupt(id: id, reason: renderer.text(spec.reason), payload: spec.payload.map(renderer.value) ?? .object([])))
        case .sessionEnded(let reason):
            emit(.sessionEnded(reason: renderer.text(reason)))
            state.ended = true
        case .stateSnapshot(let snapshot):
            // Played as written: the simulator keeps no copy of the client's state to patch.
            emit(.stateSnapshot(renderer.value(snapshot)))
        case .stateDelta(let patch):
            emit(.stateDelta(renderer.value(patch)))
        case .custom(let name, let value):
            emit(.custom(name: renderer.text(name), value: renderer.value(value)))
        case .setState(let name):
            state.name = name
        case .remember(let values):
            for entry in values { state.memory[entry.key] = renderer.value(entry.value) }
            renderer.memory = state.memory
        case .fault(let fault):
            items.append(TimedItem(.fault(fault), at: cursor))
        }
    }

    private mutating func toolCall(_ spec: ToolCallSpec) {
        let id = renderer.text(spec.id) ?? state.nextID("call")
        let args = renderer.value(spec.args)
        emit(.toolCallStart(id: id, name: spec.name))
        emit(.toolCallArgs(id: id, delta: args.compactText()))
        emit(.toolCallEnd(id: id))
        emit(.toolCall(ToolCall(id: id, name: spec.name, args: args)))
        if let result = spec.result {
            emit(.toolResult(id: id, name: spec.name, content: renderer.value(result)))
        } else {
            state.pendingCalls.append(PendingCall(id: id, name: spec.name, frontend: spec.frontend))
        }
    }

    private mutating func reply(_ spec: ReplySpec) {
        let id = state.nextID("msg")
        let text = renderer.text(spec.text)
        let pieces: [String]
        switch spec.chunks ?? .count(script.timing.chunks) {
        case .count(let count): pieces = ReplyChunker.split(text, into: count)
        case .pieces(let templates): pieces = templates.map(renderer.text)
        }
        let delay = spec.chunkDelay ?? script.timing.chunkDelay
        let streamed = spec.cutAfter.map { Array(pieces.prefix($0)) } ?? pieces
        emit(.textStart(messageID: id))
        // The first chunk comes with text_start; each later one `chunk_delay` after the one before.
        for (index, piece) in streamed.enumerated() {
            if index > 0 { cursor += delay }
            emit(.textDelta(messageID: id, delta: piece))
        }
        guard spec.cutAfter == nil else { return }
        emit(.textEnd(messageID: id))
        let name = renderer.text(spec.agentName) ?? (spec.from == .agent ? script.agent.name : nil)
        emit(
            .reply(
                Reply(
                    messageID: id, text: text, from: spec.from, agentName: name, suggestions: spec.suggestions.map(renderer.text),
                    attachments: spec.attachments.map(renderer.value), callActions: spec.callActions.map(renderer.value))))
    }
}
