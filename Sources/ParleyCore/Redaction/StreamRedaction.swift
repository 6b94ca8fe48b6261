import ParleyModel

/// Masks secrets in streamed text (`text_delta`, `tool_call_args`), where no single delta need hold
/// a secret while the text they make up does.
///
/// Each delta is masked as part of its message's text so far: what is certainly not a secret (or is
/// one, masked) goes out with the delta; a tail where a secret may be beginning (`… c4n`) is held
/// back and goes out with the next delta, or, when the message ends (its `text_end`, its assembled
/// reply, the run's end or the flow's), as one more delta just before that event. So the deltas a
/// plugin sees, joined, are the message's text with its secrets masked, nothing lost; a delta may
/// be empty while its text is held. Streams are keyed by their unmasked ids; the ids they carry out
/// are masked like every other field. Pure: the plugin host keeps it behind a lock.
struct StreamRedaction: Sendable {
    /// Held-back text by flow run and stream.
    private var held: [Key: Held] = [:]

    private struct Key: Hashable {
        var flow: String
        var attempt: Int
        var stream: Stream
    }

    private enum Stream: Hashable {
        case text(messageID: String)
        case toolArguments(callID: String)
    }

    private struct Held: Sendable {
        var text: String
        var offset: Duration
    }

    /// `event` masked, preceded by the deltas it releases (held-back text of streams it ends).
    mutating func redact(_ event: PluginEvent, with redactor: Redactor) -> [PluginEvent] {
        // No secrets and nothing held: masking changes nothing, and this is every event of most runs.
        if redactor.secrets.isEmpty, held.isEmpty { return [event] }
        let masked = redactor.redact(event)
        guard let run = event.flow else { return [masked] }
        func key(_ stream: Stream) -> Key { Key(flow: run.id, attempt: run.attempt, stream: stream) }
        switch event.kind {
        case .agentEvent(.textDelta(let id, let delta), let offset):
            let text = release(key(.text(messageID: id)), delta, offset, redactor)
            return [with(masked, .agentEvent(.textDelta(messageID: redactor.redact(id), delta: text), offset: offset))]
        case .agentEvent(.toolCallArgs(let id, let delta), let offset):
            let text = release(key(.toolArguments(callID: id)), delta, offset, redactor)
            return [with(masked, .agentEvent(.toolCallArgs(id: redactor.redact(id), delta: text), offset: offset))]
        case .agentEvent(.textEnd(let id), let offset):
            return flush([key(.text(messageID: id))], at: offset, masked, redactor) + [masked]
        case .agentEvent(.reply(let reply), let offset):
            return flush([key(.text(messageID: reply.messageID))], at: offset, masked, redactor) + [masked]
        case .agentEvent(.toolCallEnd(let id), let offset):
            return flush([key(.toolArguments(callID: id))], at: offset, masked, redactor) + [masked]
        case .agentEvent(.toolCall(let call), let offset):
            return flush([key(.toolArguments(callID: call.id))], at: offset, masked, redactor) + [masked]
        case .agentEvent(.runFinished, let offset), .agentEvent(.runError, let offset):
            return flush(keys(of: run), at: offset, masked, redactor) + [masked]
        case .flowFinished:
            return flush(keys(of: run), at: nil, masked, redactor) + [masked]
        case .agentEvent, .runStarted, .flowStarted, .stepStarted, .userAction, .stepFinished, .log:
            return [masked]
        }
    }

    /// The masked text a delta can carry now; the rest is held.
    private mutating func release(_ key: Key, _ delta: String, _ offset: Duration, _ redactor: Redactor) -> String {
        let (text, rest) = redactor.redactStreaming((held[key]?.text ?? "") + delta)
        held[key] = rest.isEmpty ? nil : Held(text: rest, offset: offset)
        return text
    }

    /// One delta per stream in `keys` with text held, masked as it stands, timed like `event`.
    private mutating func flush(_ keys: [Key], at offset: Duration?, _ event: PluginEvent, _ redactor: Redactor) -> [PluginEvent] {
        keys.compactMap { key in
            guard let text = held.removeValue(forKey: key) else { return nil }
            let rest = redactor.redact(text.text)
            let delta: AgentEvent
            switch key.stream {
            case .text(let id): delta = .textDelta(messageID: redactor.redact(id), delta: rest)
            case .toolArguments(let id): delta = .toolCallArgs(id: redactor.redact(id), delta: rest)
            }
            return with(event, .agentEvent(delta, offset: offset ?? text.offset))
        }
    }

    private func keys(of run: FlowRun) -> [Key] {
        held.keys.filter { $0.flow == run.id && $0.attempt == run.attempt }.sorted { "\($0.stream)" < "\($1.stream)" }
    }

    private func with(_ event: PluginEvent, _ kind: PluginEvent.Kind) -> PluginEvent {
        var copy = event
        copy.kind = kind
        return copy
    }
}
