import ParleyAGUI
import ParleyModel
import ParleySimulator

/// One play event as AG-UI frames, following the CUSTOM conventions of `ParleyAGUI` for everything
/// AG-UI has no event for.
extension AGUIPlayEncoder {
    /// The frames for `event`; `ahead` is the rest of the play, where a text message's assembled
    /// reply (its agent name and extras) is found.
    mutating func frames(for event: AgentEvent, ahead: ArraySlice<TimedItem>) -> [SSEFrame] {
        switch event {
        case .runStarted:
            // A run opened for stray events ends where the play's own run begins; a second
            // run_started inside the play's run has nothing to start.
            switch run?.wrapping {
            case nil: return [openRun(wrapping: false)]
            case true?: return [closeRun(.success), openRun(wrapping: false)]
            case false?: return []
            }
        case .runFinished(_, let outcome):
            return ensureRun() + [closeRun(outcome)]
        case .runError(let message, let code):
            let frames = ensureRun() + [Self.event(.runError, ("message", .string(message)), ("code", code.map(JSONValue.string)))]
            run = nil
            return frames
        case .textStart(let id):
            return ensureRun() + textStart(id: id, reply: Self.reply(id, in: ahead))
        case .textDelta(let id, let delta):
            guard !delta.isEmpty else { return [] }
            return ensureRun() + [Self.event(.textMessageContent, ("messageId", .string(id)), ("delta", .string(delta)))]
        case .textEnd(let id):
            let frames = ensureRun()
            run?.openMessages.remove(id)
            return frames + [Self.event(.textMessageEnd, ("messageId", .string(id)))]
        case .reply(let reply):
            guard !streamedMessages.contains(reply.messageID) else { return [] }
            var frames = ensureRun() + textStart(id: reply.messageID, reply: reply)
            if !reply.text.isEmpty {
                frames.append(Self.event(.textMessageContent, ("messageId", .string(reply.messageID)), ("delta", .string(reply.text))))
            }
            run?.openMessages.remove(reply.messageID)
            return frames + [Self.event(.textMessageEnd, ("messageId", .string(reply.messageID)))]
        case .toolCallStart(let id, let name):
            let frames = ensureRun()
            run?.calls.append(id)
            run?.openCalls.insert(id)
            return frames + [Self.event(.toolCallStart, ("toolCallId", .string(id)), ("toolCallName", .string(name)))]
        case .toolCallArgs(let id, let delta):
            guard !delta.isEmpty else { return [] }
            return ensureRun() + [Self.event(.toolCallArgs, ("toolCallId", .string(id)), ("delta", .string(delta)))]
        case .toolCallEnd(let id):
            let frames = ensureRun()
            run?.openCalls.remove(id)
            return frames + [Self.event(.toolCallEnd, ("toolCallId", .string(id)))]
        case .toolCall:
            // Already sent as its streamed parts.
            return []
        case .toolResult(let id, _, let content):
            let frames = ensureRun()
            run?.answered.insert(id)
            resultsSent += 1
            let text: String
            if case .string(let string) = content { text = string } else { text = content.serialized() }
            return frames + [
                Self.event(
                    .toolCallResult, ("messageId", .string("\(runID)-result-\(resultsSent)")), ("toolCallId", .string(id)),
                    ("content", .string(text)), ("role", "tool"))
            ]
        case .stateSnapshot(let snapshot):
            return ensureRun() + [Self.event(.stateSnapshot, ("snapshot", snapshot))]
        case .stateDelta(let delta):
            return ensureRun() + [Self.event(.stateDelta, ("delta", delta))]
        case .custom(let name, let value):
            return ensureRun() + [Self.event(.custom, ("name", .string(name)), ("value", value))]
        case .raw(let value):
            return ensureRun() + [Self.event(.raw, ("event", value))]
        case .interrupt(let id, let reason, let payload):
            // Held for the run's RUN_FINISHED, whose interrupt outcome is how AG-UI tells the client.
            let frames = ensureRun()
            interruptsNamed += 1
            let interrupt = JSONValue.object([
                JSONMember("id", .string(id ?? "\(runID)-interrupt-\(interruptsNamed)")),
                JSONMember("reason", .string(reason ?? "interrupt")), JSONMember("metadata", payload),
            ])
            run?.interrupts.append(interrupt)
            return frames
        case .cardStart, .card, .cardEnd, .interactive, .goalCompleted, .typing, .handoff, .system, .sessionEnded:
            guard let (kind, value) = CustomEventCodec.encode(event) else { return [] }
            return ensureRun() + [Self.event(.custom, ("name", .string(kind.rawValue)), ("value", value))]
        case .delivery, .connection, .turnEnded, .agenticMessage, .action, .protocolWarning:
            // Client-side or transport matters: nothing on the wire (turn_ended ends the play, above).
            return []
        }
    }

    /// TEXT_MESSAGE_START, and the reply's extras (suggestions, attachments, call actions, a live
    /// agent as sender) as a CUSTOM `reply_extras` right after it.
    private mutating func textStart(id: String, reply: Reply?) -> [SSEFrame] {
        streamedMessages.insert(id)
        run?.openMessages.insert(id)
        var frames = [
            Self.event(.textMessageStart, ("messageId", .string(id)), ("role", "assistant"), ("name", reply?.agentName.map(JSONValue.string)))
        ]
        if let reply, let extras = CustomEventCodec.encodeExtras(of: reply) {
            frames.append(Self.event(.custom, ("name", .string(CustomEventKind.replyExtras.rawValue)), ("value", extras)))
        }
        return frames
    }

    /// The assembled reply of message `id` further on in the play; nil for a stream cut short.
    private static func reply(_ id: String, in ahead: ArraySlice<TimedItem>) -> Reply? {
        for item in ahead {
            if case .event(.reply(let reply)) = item.content, reply.messageID == id { return reply }
        }
        return nil
    }

    private static func event(_ type: AGUIEventType, _ fields: (String, JSONValue?)...) -> SSEFrame {
        .event(AGUIEvent(type, fields))
    }
}
