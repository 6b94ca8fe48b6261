import ParleyModel
import ParleySimulator

/// One play event as CometChat outputs (docs/serve.md, "Play events as CometChat frames").
extension CometChatPlayEncoder {
    /// The outputs for `event`; `ahead` is the rest of the play, where a card finds the stream it
    /// belongs to.
    func outputs(for event: AgentEvent, ahead: ArraySlice<TimedItem>, progress: inout Progress) -> [CometChatOutput] {
        switch event {
        case .runStarted:
            if progress.run == nil { progress.run = RunRecord() }
            return [progress.streamed("run_started", ("role", "assistant"))]
        case .runFinished:
            let run = progress.run ?? RunRecord()
            progress.run = nil
            return [progress.streamed("run_finished")] + persisted(run, progress: &progress)
        case .runError(let message, let code):
            // PARLEY: CometChat documents no error event; a refused action is one too.
            progress.run = nil
            return [progress.streamed("run_error", ("message", .string(message)), ("code", code.map(JSONValue.string)))]
        case .textStart(let id):
            guard progress.run != nil else { return [] }
            progress.streams[id] = progress.newRef()
            progress.lastStream = id
            return [progress.streamed("text_message_start", ("streamMessageId", .string(id)), ("role", "assistant"))]
        case .textDelta(let id, let delta):
            guard progress.run != nil, progress.streams[id] != nil, !delta.isEmpty else { return [] }
            return [progress.streamed("text_message_content", ("streamMessageId", .string(id)), ("delta", .string(delta)))]
        case .textEnd(let id):
            guard progress.run != nil, let ref = progress.streams[id] else { return [] }
            return [progress.streamed("text_message_end", ("streamMessageId", .string(id)), messageRef: ref)]
        case .reply(let reply):
            return self.reply(reply, progress: &progress)
        case .toolCallStart(let id, let name):
            guard progress.run != nil else { return [] }
            progress.toolNames[id] = name
            progress.toolArguments[id] = ""
            // The labels come with the assembled call further on; a script that gives none sends "".
            let call = Self.call(id, in: ahead)
            return [
                progress.streamed(
                    "tool_call_start", ("toolCallId", .string(id)), ("toolCallName", .string(name)),
                    ("displayName", .string(call?.displayName ?? "")), ("executionText", .string(call?.executionText ?? "")),
                    ("arguments", ""))
            ]
        case .toolCallArgs(let id, let delta):
            guard progress.run != nil, !delta.isEmpty else { return [] }
            progress.toolArguments[id, default: ""] += delta
            return [
                progress.streamed(
                    "tool_call_args", ("toolCallId", .string(id)), ("toolCallName", .string(progress.toolNames[id] ?? "")),
                    ("delta", .string(delta)))
            ]
        case .toolCallEnd(let id):
            guard progress.run != nil else { return [] }
            return [
                progress.streamed(
                    "tool_call_end", ("toolCallId", .string(id)), ("toolCallName", .string(progress.toolNames[id] ?? "")),
                    ("arguments", .string(progress.toolArguments[id] ?? "")))
            ]
        case .toolCall(let call):
            // Streamed already as its parts; kept for the run's tool-arguments message.
            let arguments = progress.toolArguments[call.id].flatMap { $0.isEmpty ? nil : $0 } ?? call.args.serialized()
            progress.run?.calls.append((call, arguments))
            return []
        case .toolResult(let id, let name, let content):
            guard progress.run != nil else { return [] }
            let text = Self.text(of: content)
            progress.run?.results.append((id, text))
            return [
                progress.streamed(
                    "tool_call_result", ("toolCallId", .string(id)), ("toolCallName", .string(name ?? progress.toolNames[id] ?? "")),
                    ("content", .string(text)), ("role", "tool"))
            ]
        case .cardStart(let id, let executionText):
            guard progress.run != nil else { return [] }
            return [
                progress.streamed(
                    "card_start", ("streamMessageId", .string(Self.stream(ahead) ?? progress.lastStream ?? id)), ("cardId", .string(id)),
                    ("executionText", .string(executionText ?? "")))
            ]
        case .card(let id, let payload):
            guard progress.run != nil else {
                let data = JSONValue.object([JSONMember("card", payload), JSONMember("text", .string(Self.fallback(of: payload)))])
                return [.message(CometChatDraft(ref: progress.newRef(), category: "card", type: "card", data: data))]
            }
            progress.run?.blocks.append(.card(id: id, payload: payload))
            return [
                progress.streamed(
                    "card", ("streamMessageId", .string(Self.stream(ahead) ?? progress.lastStream ?? id)), ("cardId", .string(id)),
                    ("card", payload))
            ]
        case .cardEnd(let id):
            guard progress.run != nil else { return [] }
            return [progress.streamed("card_end", ("cardId", .string(id)))]
        case .interactive(let message):
            return [.message(interactive(message, ref: progress.newRef()))]
        case .goalCompleted(let id, _):
            return [.goalCompleted(muid: id)]
        case .typing(let who, let isTyping):
            switch who {
            case .agent, .live: return [.typing(started: isTyping)]
            case .user: return []
            }
        case .handoff, .system, .sessionEnded, .custom, .stateSnapshot, .stateDelta, .interrupt, .raw, .agenticMessage, .action,
            .delivery, .connection, .protocolWarning, .turnEnded:
            // No CometChat form: handoffs, system notes, shared state and interrupts are not in the
            // chat protocol; delivery, connection and turn_ended are client-side matters.
            return []
        }
    }

    /// A reply: kept for the run's assistant message when it streamed; streamed at once (start,
    /// one content, end) inside a run that did not stream it; a text message outside any run.
    private func reply(_ reply: Reply, progress: inout Progress) -> [CometChatOutput] {
        guard progress.run != nil else {
            let data = JSONValue.object([JSONMember("text", .string(reply.text))])
            return [.message(CometChatDraft(ref: progress.newRef(), category: "message", type: "text", data: data))]
        }
        if let ref = progress.streams[reply.messageID] {
            progress.run?.blocks.append(.reply(ref: ref, text: reply.text))
            return []
        }
        let id = reply.messageID
        let ref = progress.newRef()
        progress.streams[id] = ref
        progress.lastStream = id
        progress.run?.blocks.append(.reply(ref: ref, text: reply.text))
        var outputs = [progress.streamed("text_message_start", ("streamMessageId", .string(id)), ("role", "assistant"))]
        if !reply.text.isEmpty {
            outputs.append(progress.streamed("text_message_content", ("streamMessageId", .string(id)), ("delta", .string(reply.text))))
        }
        return outputs + [progress.streamed("text_message_end", ("streamMessageId", .string(id)), messageRef: ref)]
    }

    /// A tool's output as `content` and `data.text`: a string as it is, other JSON serialized compactly.
    static func text(of content: JSONValue) -> String {
        if case .string(let text) = content { return text }
        return content.serialized()
    }

    /// A card's `fallbackText`, the text of a card message.
    static func fallback(of card: JSONValue) -> String {
        if case .string(let text)? = card["fallbackText"] { return text }
        return ""
    }

    /// The assembled call `id` further on in the play.
    private static func call(_ id: String, in ahead: ArraySlice<TimedItem>) -> ToolCall? {
        for item in ahead {
            if case .event(.toolCall(let call)) = item.content, call.id == id { return call }
        }
        return nil
    }

    /// The stream the next reply of this run opens: a card belongs to the reply after it.
    private static func stream(_ ahead: ArraySlice<TimedItem>) -> String? {
        for item in ahead {
            switch item.content {
            case .event(.textStart(let id)): return id
            case .event(.reply(let reply)): return reply.messageID
            case .event(.runFinished), .event(.runError): return nil
            case .event, .fault: continue
            }
        }
        return nil
    }
}
