import ParleyCore
import ParleyModel

extension AGUIConversation {
    /// Reads the next bytes of the run's SSE stream: the Parley events they complete, or the reason
    /// the run is broken (a frame that is not an AG-UI event, a protocol violation, a state patch
    /// that does not apply). After a failure the run is over.
    public mutating func receive(_ bytes: some Collection<UInt8>) -> Result<[AgentEvent], ConnectorError> {
        // Until the first event, the body's start is kept: a stream of binary junk is named by
        // what it began with, at once, instead of read as lines of unknown fields.
        if !run.sawEvent, run.head.count < RunState.headLimit {
            run.head += bytes.prefix(RunState.headLimit - run.head.count)
            if run.head.count == RunState.headLimit, let binary = binaryBody() { return .failure(binary) }
        }
        let frames = run.decoder.feed(bytes)
        if run.decoder.isOverLimit { return .failure(ConnectorError(EventSizeLimit.refusal)) }
        return handle(frames)
    }

    /// The stream ended cleanly: the events still pending, then `turn_ended`; or the reason the run
    /// is incomplete (no RUN_FINISHED or RUN_ERROR, something left open).
    public mutating func endOfStream() -> Result<[AgentEvent], ConnectorError> {
        if !run.sawEvent, let binary = binaryBody() { return .failure(binary) }
        var events: [AgentEvent]
        switch handle(run.decoder.finish()) {
        case .failure(let error): return .failure(error)
        case .success(let pending): events = pending
        }
        for expanded in run.expander.finish() {
            switch process(expanded) {
            case .failure(let error): return .failure(error)
            case .success(let more): events += more
            }
        }
        guard run.sawEvent else {
            guard !run.head.isEmpty else {
                return .failure(ConnectorError("the agent answered 200 with an empty event stream: no RUN_STARTED, no RUN_FINISHED"))
            }
            return .failure(
                ConnectorError("the agent at \(settings.url) answered text/event-stream with no event in it: its body began \(ByteExcerpt.quoted(run.head))"))
        }
        if let violation = run.verifier.finish() { return .failure(ConnectorError(violation.description)) }
        events += flushExtras()
        events.append(.turnEnded)
        return .success(events)
    }

    /// Why the body is no event stream, when its start is binary.
    private func binaryBody() -> ConnectorError? {
        guard ByteExcerpt.isBinary(run.head) else { return nil }
        return ConnectorError("the agent at \(settings.url) answered text/event-stream, but its body is not text: it began \(ByteExcerpt.quoted(run.head))")
    }

    private mutating func handle(_ frames: [ServerSentEvent]) -> Result<[AgentEvent], ConnectorError> {
        var events: [AgentEvent] = []
        for frame in frames where !frame.data.isEmpty {
            let event: AGUIEvent
            do {
                event = try AGUIEvent(data: frame.data)
            } catch {
                return .failure(ConnectorError("the agent sent a frame that is not an AG-UI event (\(error.message))"))
            }
            run.sawEvent = true
            switch run.expander.expand(event) {
            case .failure(let violation): return .failure(ConnectorError(violation.description))
            case .success(let expanded):
                for single in expanded {
                    switch process(single) {
                    case .failure(let error): return .failure(error)
                    case .success(let more): events += more
                    }
                }
            }
        }
        return .success(events)
    }

    /// Checks one expanded event against the protocol, maps it and assembles what it completes.
    private mutating func process(_ event: AGUIEvent) -> Result<[AgentEvent], ConnectorError> {
        if let violation = run.verifier.check(event) { return .failure(ConnectorError(violation.description)) }
        let mapped: [AgentEvent]
        switch map(event) {
        case .failure(let error): return .failure(error)
        case .success(let events): mapped = events
        }
        var out: [AgentEvent] = []
        for single in mapped {
            for assembled in assembler.add(single) {
                out += decorate(assembled)
            }
        }
        return .success(out)
    }

    /// Applies names and extras to assembled replies, and turns a mapped form tool's call into a form.
    private mutating func decorate(_ event: AgentEvent) -> [AgentEvent] {
        switch event {
        case .reply(var reply):
            if let name = run.names[reply.messageID], reply.agentName == nil { reply.agentName = name }
            if let extras = run.extras.removeValue(forKey: reply.messageID) { reply = extras.applied(to: reply) }
            if let pending = run.pendingExtras {
                reply = pending.applied(to: reply)
                run.pendingExtras = nil
            }
            // An empty text message (pydantic-ai opens one before every tool call) says nothing
            // to the user: its start and end are reported, but it is not a reply.
            if reply.text.isEmpty, reply.suggestions.isEmpty, reply.attachments.isEmpty, reply.callActions.isEmpty { return [] }
            return [.reply(reply)]
        case .toolCall(let call) where settings.formTools.contains(call.name):
            let formID: String
            if case .string(let id)? = call.args["id"] { formID = id } else { formID = call.id }
            formCalls[formID] = call.id
            // A goal the form cannot use leaves it goal-less rather than failing the run.
            let goal = call.args["goal"].flatMap { try? CustomEventCodec.goal($0) } ?? InteractionGoal(kind: .none)
            return [event, .interactive(InteractiveMessage(id: formID, kind: .form, data: call.args, goal: goal))]
        default:
            return [event]
        }
    }

    /// Reply extras still waiting for a reply at the end of a run become a reply of their own, so
    /// suggestions sent after the last text are not lost.
    mutating func flushExtras() -> [AgentEvent] {
        guard let pending = run.pendingExtras else { return [] }
        run.pendingExtras = nil
        return [.reply(pending.applied(to: Reply(messageID: pending.messageID ?? nextID("extras"), text: "")))]
    }
}
