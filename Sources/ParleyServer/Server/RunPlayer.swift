import ParleyModel
import ParleySimulator

/// Plays one run on its thread's conversation and encodes the plays as the frames of the
/// response: everything but the clock and the socket, so it is tested without either.
struct RunPlayer: Sendable {
    let engine: ScriptEngine

    /// The frames answering `input`, moving `record` on (conversation, seen messages, answered
    /// tool calls).
    func frames(for input: RunAgentInput, record: inout ThreadRecord) -> [TimedFrame] {
        var encoder = AGUIPlayEncoder(threadID: input.threadID, runID: input.runID, protocolVersion: input.protocolVersion)
        var frames: [TimedFrame] = []
        var plays: [Play] = []
        switch RunIntent.read(input, thread: record) {
        case .greeting:
            plays = [engine.open(&record.state)]
            frames += encoder.encode(plays[0], pendingFrontendCalls: Self.frontendCalls(record.state))
        case .actions(let actions):
            // Each play is encoded with the frontend calls still open right after it.
            for action in actions {
                let play = engine.respond(to: action, in: &record.state)
                frames += encoder.encode(play, pendingFrontendCalls: Self.frontendCalls(record.state))
                plays.append(play)
            }
        case .nothing:
            break
        }
        frames += encoder.finish()
        for play in plays {
            for case .toolResult(let id, _, _) in play.events { record.answeredCalls.insert(id) }
        }
        record.seenMessages.formUnion(input.messages.map(\.id))
        record.served = true
        return frames
    }

    private static func frontendCalls(_ state: ConversationState) -> Set<String> {
        Set(state.pendingCalls.filter(\.frontend).map(\.id))
    }
}
