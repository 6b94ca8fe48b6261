import ParleyModel
import ParleySimulator

/// Turns a simulator play into PolyAI events at their offsets, pure and clock-free: the session
/// only sleeps until each item is due, gives it its envelope and sends it.
///
/// With streaming on, an agent reply goes out as POLY_AGENT_MESSAGE_CHUNK frames at its chunk
/// timing (1-based `chunk_index`, one `message_id`, `is_complete` and the attachments and
/// suggestions on the last); otherwise as one POLY_AGENT_MESSAGE when its last chunk is due. A
/// reply with call actions is never streamed: chunks have no `chat_call_actions`, so the whole
/// message carries them. Live agents' replies are never streamed (PolyAI has no live chunks).
public struct PolyAIPlayEncoder: Sendable {
    /// Whether the session asked for streaming (`streaming_enabled`).
    public var streaming: Bool
    /// How chunk texts join.
    public var chunkJoining: PolyAIChunkJoining
    /// The name on agent messages that name none.
    public var agentName: String

    /// An encoder for one session's plays.
    public init(streaming: Bool, chunkJoining: PolyAIChunkJoining = .space, agentName: String) {
        self.streaming = streaming
        self.chunkJoining = chunkJoining
        self.agentName = agentName
    }

    /// The items of `play`. With `endReason` (the play answers the client's USER_END_SESSION)
    /// every `session_ended` of the play says that reason, and one is added at the end if the play
    /// has none: a user end always ends the session.
    public func encode(_ play: Play, endReason: String? = nil) -> PolyAIEncodedPlay {
        var state = Progress(endReason: endReason)
        var out = PolyAIEncodedPlay()
        for (index, item) in play.items.enumerated() {
            switch item.content {
            case .fault(.delayEcho(let delay)):
                out.echoDelay += delay
            case .fault(let fault):
                out.items.append(PolyAITimedItem(.fault(fault), at: item.offset))
            case .event(let event):
                if case .reply(let reply) = event { out.lastSuggestions = reply.suggestions }
                let ahead = play.items[(index + 1)...]
                for polyEvent in events(for: event, ahead: ahead, state: &state) {
                    out.items.append(PolyAITimedItem(.output(polyEvent), at: item.offset))
                }
            }
        }
        if let endReason, !state.ended {
            out.items.append(PolyAITimedItem(.output(.sessionEnd(reason: endReason)), at: play.duration))
        }
        return out
    }

    /// What the encoder tracks through one play.
    struct Progress {
        let endReason: String?
        /// Chunks sent per message id, for `chunk_index`.
        var chunksSent: [String: Int] = [:]
        /// Whether a SESSION_END went out.
        var ended = false
    }
}
