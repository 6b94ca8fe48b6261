import ParleyCore
import ParleyModel

extension AGUIConversation {
    /// The Parley events for one checked AG-UI event, keeping the thread up to date on the way.
    /// Events Parley has no event for are kept as `raw`, so transcripts show everything.
    mutating func map(_ event: AGUIEvent) -> Result<[AgentEvent], ConnectorError> {
        guard let kind = event.kind else { return .success([.raw(event.json)]) }
        switch kind {
        case .runStarted:
            return .success([.runStarted(runID: event.string("runId"), threadID: event.string("threadId"))])
        case .runFinished:
            return .success(flushExtras() + finished(event))
        case .runError:
            var code: String?
            switch event["code"] {
            case .string(let text)?: code = text
            case .number?: code = event["code"]?.compactText()
            default: code = nil
            }
            return .success(flushExtras() + [.runError(message: event.string("message") ?? "the agent reported an error with no message", code: code)])
        case .textMessageStart:
            let id = event.string("messageId") ?? ""
            if let name = event.string("name") { run.names[id] = name }
            let role = event.string("role") ?? "assistant"
            if !messages.contains(where: { $0.id == id }) { messages.append(ThreadMessage(id: id, role: role, content: "")) }
            return .success([.textStart(messageID: id)])
        case .textMessageContent:
            let id = event.string("messageId") ?? ""
            let delta = event.string("delta") ?? ""
            if let index = messages.lastIndex(where: { $0.id == id }) { messages[index].content = (messages[index].content ?? "") + delta }
            return .success([.textDelta(messageID: id, delta: delta)])
        case .textMessageEnd:
            return .success([.textEnd(messageID: event.string("messageId") ?? "")])
        case .toolCallStart:
            let id = event.string("toolCallId") ?? ""
            let name = event.string("toolCallName") ?? ""
            toolNames[id] = name
            recordToolCall(id: id, name: name, parent: event.string("parentMessageId"))
            return .success([.toolCallStart(id: id, name: name)])
        case .toolCallArgs:
            let id = event.string("toolCallId") ?? ""
            let delta = event.string("delta") ?? ""
            appendArguments(delta, to: id)
            return .success([.toolCallArgs(id: id, delta: delta)])
        case .toolCallEnd:
            return .success([.toolCallEnd(id: event.string("toolCallId") ?? "")])
        case .toolCallResult:
            let id = event.string("toolCallId") ?? ""
            let content = event["content"] ?? .null
            let text: String
            let value: JSONValue
            if case .string(let raw) = content {
                text = raw
                value = (try? JSONValue(parsing: raw)) ?? content
            } else {
                text = content.serialized()
                value = content
            }
            messages.append(ThreadMessage(id: event.string("messageId") ?? nextID("tool"), role: "tool", content: text, toolCallID: id))
            return .success([.toolResult(id: id, name: toolNames[id], content: value)])
        case .stateSnapshot:
            state = event["snapshot"] ?? .null
            return .success([.stateSnapshot(state)])
        case .stateDelta:
            let patch = event["delta"] ?? .array([])
            do {
                state = try JSONPatch.apply(patch, to: state)
            } catch {
                return .failure(ConnectorError("the agent's STATE_DELTA does not apply to the shared state: \(error)"))
            }
            // The patch, then the state it leads to, so flows can match either.
            return .success([.stateDelta(patch), .stateSnapshot(state)])
        case .messagesSnapshot:
            if case .array(let list) = event["messages"] { messages = list.compactMap(ThreadMessage.init(json:)) }
            return .success([.raw(event.json)])
        case .custom:
            return custom(event)
        case .raw:
            return .success([.raw(event["event"] ?? .null)])
        case .stepStarted, .stepFinished, .activitySnapshot, .activityDelta, .reasoningStart, .reasoningMessageStart,
            .reasoningMessageContent, .reasoningMessageEnd, .reasoningMessageChunk, .reasoningEnd, .reasoningEncryptedValue,
            .subagentStarted, .subagentFinished, .subagentError, .thinkingStart, .thinkingEnd, .thinkingTextMessageStart,
            .thinkingTextMessageContent, .thinkingTextMessageEnd, .textMessageChunk, .toolCallChunk:
            // Kept whole for transcripts; Parley has no event for these (chunks never get here:
            // the expander turns them into start, content and end).
            return .success([.raw(event.json)])
        }
    }

    /// RUN_FINISHED: the interrupts it carries, else those announced by `on_interrupt` during the
    /// run, then the outcome. An outcome wins over `on_interrupt` events (ag-ui-langgraph sends both
    /// when its `emit_interrupt_outcome` is on), so no interrupt is reported twice.
    private mutating func finished(_ event: AGUIEvent) -> [AgentEvent] {
        let outcome = event["outcome"]
        var interrupts = run.announcedInterrupts
        var interrupted = !interrupts.isEmpty
        if case .string("interrupt")? = outcome?["type"], case .array(let listed)? = outcome?["interrupts"] {
            interrupts = listed.compactMap { AnnouncedInterrupt(interrupt: $0) }
            interrupted = true
        }
        run.announcedInterrupts = []
        guard interrupted else { return [.runFinished(runID: event.string("runId"), outcome: .success)] }
        for interrupt in interrupts {
            openInterrupts.append(interrupt.id)
            resumeChannels[interrupt.id] = interrupt.channel
        }
        return interrupts.map(\.event) + [.runFinished(runID: event.string("runId"), outcome: .interrupt)]
    }

    /// The CUSTOM name ag-ui-langgraph and ag-ui-crewai announce an interrupt with by default.
    static let onInterrupt = "on_interrupt"

    /// CUSTOM: reported as it came, then as the Parley event its name is mapped to (`on_interrupt`
    /// is an interrupt, reported at RUN_FINISHED).
    private mutating func custom(_ event: AGUIEvent) -> Result<[AgentEvent], ConnectorError> {
        let name = event.string("name") ?? ""
        let value = event["value"] ?? .null
        var events: [AgentEvent] = [.custom(name: name, value: value)]
        if name == Self.onInterrupt {
            // Reported when the run finishes: a RUN_FINISHED outcome may list it again.
            var interrupt = AnnouncedInterrupt(onInterrupt: event)
            if interrupt.id.isEmpty { interrupt.id = nextID("interrupt") }
            run.announcedInterrupts.append(interrupt)
            return .success(events)
        }
        guard let kind = settings.customMappings[name] else { return .success(events) }
        do {
            switch try CustomEventCodec.decode(kind, value) {
            case .event(let mapped): events.append(mapped)
            case .replyExtras(let extras): attach(extras)
            }
        } catch {
            return .failure(ConnectorError("the agent's CUSTOM event \"\(name)\" is mapped to \(kind.rawValue) but \(error.message)"))
        }
        return .success(events)
    }

    /// Extras go to the message they name, else to the message being streamed, else to the next reply.
    private mutating func attach(_ extras: ReplyExtras) {
        let openText = assembler.openParts.last { if case .textMessage = $0 { true } else { false } }
        if let id = extras.messageID ?? openText?.id {
            run.extras[id] = extras.merged(into: run.extras[id] ?? ReplyExtras(messageID: id))
        } else {
            run.pendingExtras = extras.merged(into: run.pendingExtras ?? ReplyExtras())
        }
    }

    /// Adds a call to the assistant message it belongs to (the parent, or the last assistant
    /// message of this run), the way the reference client builds its history.
    private mutating func recordToolCall(id: String, name: String, parent: String?) {
        let call = ThreadMessage.Call(id: id, name: name, arguments: "")
        if let parent, let index = messages.lastIndex(where: { $0.id == parent }) {
            messages[index].toolCalls.append(call)
        } else {
            messages.append(ThreadMessage(id: parent ?? id, role: "assistant", toolCalls: [call]))
        }
    }

    private mutating func appendArguments(_ delta: String, to id: String) {
        for index in messages.indices.reversed() {
            if let callIndex = messages[index].toolCalls.firstIndex(where: { $0.id == id }) {
                messages[index].toolCalls[callIndex].arguments += delta
                return
            }
        }
    }
}
