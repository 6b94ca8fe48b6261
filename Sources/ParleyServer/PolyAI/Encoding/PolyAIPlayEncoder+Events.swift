import Foundation
import ParleyModel
import ParleySimulator

/// One play event as PolyAI events (docs/serve.md, "Play events as PolyAI frames").
extension PolyAIPlayEncoder {
    /// The events for `event`; `ahead` is the rest of the play, where a streamed reply's end and
    /// assembled reply (its sender and extras) are found.
    func events(for event: AgentEvent, ahead: ArraySlice<TimedItem>, state: inout Progress) -> [PolyAIEvent] {
        switch event {
        case .textDelta(let id, let delta):
            return chunk(id: id, delta: delta, ahead: ahead, state: &state).map { [$0] } ?? []
        case .reply(let reply):
            return message(reply, state: &state)
        case .typing(let who, let isTyping):
            switch who {
            case .live:
                let state = isTyping ? "TYPING_STATE_STARTED" : "TYPING_STATE_STOPPED"
                return [PolyAIEvent(.liveAgentTyping, payload: PolyAIEvent.object(("state", .string(state))), isPermanent: false)]
            case .agent:
                return isTyping ? [.thinking] : []
            case .user:
                return []
            }
        case .handoff(let handoff):
            return [Self.handoff(handoff)]
        case .system(let text, let level):
            return [.system(text, level: level)]
        case .runError(let message, _):
            return [.system(message, level: .error)]
        case .sessionEnded(let reason):
            state.ended = true
            return [.sessionEnd(reason: state.endReason ?? reason ?? PolyAIEvent.agentEndReason)]
        case .runStarted, .runFinished, .textStart, .textEnd, .toolCallStart, .toolCallArgs, .toolCallEnd, .toolCall, .toolResult,
            .cardStart, .card, .cardEnd, .interactive, .goalCompleted, .stateSnapshot, .stateDelta, .custom, .raw, .interrupt,
            .delivery, .connection, .turnEnded, .agenticMessage, .action, .protocolWarning:
            // No PolyAI form: runs, tools, cards, forms, shared state and interrupts are not in the
            // messaging protocol; delivery, connection and turn_ended are client-side matters.
            return []
        }
    }

    /// One POLY_AGENT_MESSAGE_CHUNK, or nil: not streaming, a reply that is not streamed (a live
    /// agent's, one with call actions), or an empty piece that is not the last.
    private func chunk(id: String, delta: String, ahead: ArraySlice<TimedItem>, state: inout Progress) -> PolyAIEvent? {
        guard streaming else { return nil }
        let reply = Self.reply(id, in: ahead)
        if let reply, !isStreamed(reply) { return nil }
        let complete = Self.isLastChunk(of: id, ahead: ahead)
        let text: String
        switch chunkJoining {
        case .space: text = delta.trimmingCharacters(in: .whitespacesAndNewlines)
        case .concatenate: text = delta
        }
        guard complete || !text.isEmpty else { return nil }
        let index = (state.chunksSent[id] ?? 0) + 1
        state.chunksSent[id] = index
        return Self.chunkEvent(id: id, index: index, complete: complete, text: text, reply: complete ? reply : nil)
    }

    /// The assembled reply: LIVE_AGENT_MESSAGE, POLY_AGENT_MESSAGE, nothing for a reply already
    /// streamed, or one empty final chunk for a streamed reply with no text (its extras still come).
    private func message(_ reply: Reply, state: inout Progress) -> [PolyAIEvent] {
        let extras = Self.extras(of: reply)
        switch reply.from {
        case .live:
            let name = reply.agentName
            let payload = PolyAIEvent.object(
                [("message_id", .string(reply.messageID)), ("text", .string(reply.text)), ("agent_id", name.map { .string(Self.liveAgentID($0)) }),
                 ("agent_name", name.map(JSONValue.string))] + extras)
            return [PolyAIEvent(.liveAgentMessage, payload: payload)]
        case .agent, .user:
            if streaming, isStreamed(reply) {
                guard state.chunksSent[reply.messageID] == nil else { return [] }
                state.chunksSent[reply.messageID] = 1
                return [Self.chunkEvent(id: reply.messageID, index: 1, complete: true, text: "", reply: reply)]
            }
            let payload = PolyAIEvent.object(
                [("message_id", .string(reply.messageID)), ("text", .string(reply.text)),
                 ("agent_name", .string(reply.agentName ?? agentName))] + extras)
            return [PolyAIEvent(.polyAgentMessage, payload: payload)]
        }
    }

    /// Whether a reply goes out as chunks on a streaming session.
    private func isStreamed(_ reply: Reply) -> Bool {
        reply.from != .live && reply.callActions.isEmpty
    }

    private static func chunkEvent(id: String, index: Int, complete: Bool, text: String, reply: Reply?) -> PolyAIEvent {
        let attachments = reply.map { $0.attachments.map(attachment) } ?? []
        let suggestions = reply.map { $0.suggestions.map(suggestion) } ?? []
        return PolyAIEvent(
            .polyAgentMessageChunk,
            payload: PolyAIEvent.object(
                ("message_id", .string(id)), ("chunk_index", .number(Double(index))), ("is_complete", .bool(complete)),
                ("text", .string(text)), ("attachments", .array(attachments)), ("response_suggestions", .array(suggestions))))
    }

    /// `attachments`, `response_suggestions` and `chat_call_actions` of a whole message.
    private static func extras(of reply: Reply) -> [(String, JSONValue?)] {
        [
            ("attachments", .array(reply.attachments.map(attachment))), ("response_suggestions", .array(reply.suggestions.map(suggestion))),
            ("chat_call_actions", .array(reply.callActions.map(callAction))),
        ]
    }

    /// A script attachment (`title`, `url`, `content_type: url | image`, `call_to_action_text`) as
    /// PolyAI's. An image previews itself; a link has no preview (scripts name none).
    static func attachment(_ value: JSONValue) -> JSONValue {
        let image = value["content_type"] == .string("image")
        return PolyAIEvent.object(
            ("content_type", .string(image ? "ATTACHMENT_CONTENT_TYPE_IMAGE" : "ATTACHMENT_CONTENT_TYPE_URL")), ("content_url", value["url"]),
            ("title", value["title"]), ("preview_image_url", image ? value["url"] : nil), ("call_to_action_text", value["call_to_action_text"]))
    }

    /// A suggestion: its text, which is also its payload (scripts give suggestions no intent).
    static func suggestion(_ text: String) -> JSONValue {
        PolyAIEvent.object(("message_text", .string(text)), ("payload", .string(text)))
    }

    static func callAction(_ value: JSONValue) -> JSONValue {
        PolyAIEvent.object(("title", value["title"]), ("contact_number", value["contact_number"]))
    }

    /// A live agent's id, made from the name (scripts give names only): `live-maya` for Maya.
    static func liveAgentID(_ name: String) -> String {
        let slug = name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        return "live-" + slug
    }

    /// Whether the next event about message `id` after this chunk is its end.
    private static func isLastChunk(of id: String, ahead: ArraySlice<TimedItem>) -> Bool {
        for item in ahead {
            switch item.content {
            case .event(.textDelta(let other, _)) where other == id: return false
            case .event(.textEnd(let other)) where other == id: return true
            case .event, .fault: continue
            }
        }
        return false
    }

    /// The assembled reply of message `id` further on in the play; nil for a stream cut short.
    private static func reply(_ id: String, in ahead: ArraySlice<TimedItem>) -> Reply? {
        for item in ahead {
            if case .event(.reply(let reply)) = item.content, reply.messageID == id { return reply }
        }
        return nil
    }
}
