import ParleyModel

extension CometChatConversation {
    /// The most frames held for runs not known to be this conversation's; the oldest runs go first.
    static let heldLimit = 2000

    /// `run` is this conversation's (a message it sent, or a message it pressed): its held frames,
    /// if any arrived before the id was known, are reported now.
    public mutating func own(run: Int, at now: Duration) -> [AgentEvent] {
        guard owned.insert(run).inserted else { return [] }
        let frames = held.removeValue(forKey: run) ?? []
        return frames.flatMap { receive($0, at: now) }
    }

    /// The run a frame belongs to: a streamed event's, or an agentic message's `runId`.
    static func run(of frame: CometChatFrame) -> Int? {
        switch frame {
        case .streamed(let streamed): return streamed.runID
        case .message(let message): return message.category == .agentic ? message.runID : nil
        case .auth, .pong, .interactionCompleted, .typing, .other, .unknown: return nil
        }
    }

    /// Whether `frame` starts the run that answers the user's press: a press is pending, and this
    /// is the `run_started` of a run nobody owns, in this conversation. Agents run on text messages,
    /// so the run answering a press carries an id of its own (the message the app's backend sent,
    /// say), not the pressed message's. One flow per user is live at a time (``CometChatUsers``),
    /// so the first run to start after the press in this conversation is taken as its answer.
    func adopts(_ frame: CometChatFrame) -> Bool {
        guard turn.pressPending, case .streamed(let streamed) = frame, case .runStarted = streamed.event else { return false }
        return isOurs(conversationID: streamed.conversationID)
    }

    /// Makes `run` this conversation's as the answer to the pending press; frames of it held
    /// before (there should be none: `run_started` comes first) are reported first.
    mutating func adopt(run: Int, at now: Duration) -> [AgentEvent] {
        owned.insert(run)
        turn.pressPending = false
        let frames = held.removeValue(forKey: run) ?? []
        return frames.flatMap { receive($0, at: now) }
    }

    /// Keeps a frame of a run that is not (yet) this conversation's, within ``heldLimit``.
    mutating func hold(_ frame: CometChatFrame, run: Int) {
        held[run, default: []].append(frame)
        while held.values.reduce(0, { $0 + $1.count }) > Self.heldLimit, let oldest = held.keys.min() {
            held[oldest] = nil
        }
    }
}
