import ParleyModel

/// Handoff stages as PolyAI's handoff events (polyai-messaging.md 6.4 and 6.5).
extension PolyAIPlayEncoder {
    static func handoff(_ handoff: Handoff) -> PolyAIEvent {
        let queue = handoff.queue.map(JSONValue.string)
        let reason = handoff.reason.map(JSONValue.string)
        switch handoff.stage {
        case .started:
            return PolyAIEvent(.polyAgentTriggeredHandoff)
        case .accepted:
            return PolyAIEvent(.handoffAccepted, payload: PolyAIEvent.object(("queue_name", queue)))
        case .queued:
            let position = handoff.queuePosition
            let wait = handoff.wait.map { Int(($0 / .seconds(1)).rounded()) }
            let display = handoff.reason ?? position.map { "You are #\($0) in line" }
            return PolyAIEvent(
                .handoffQueueStatus,
                payload: PolyAIEvent.object(
                    ("position_in_queue", position.map { .number(Double($0)) }), ("estimated_wait_seconds", wait.map { .number(Double($0)) }),
                    ("queue_name", queue), ("display_message", display.map(JSONValue.string))))
        case .liveAgentJoined:
            let agent = PolyAIEvent.object(
                ("id", handoff.agentName.map { .string(liveAgentID($0)) }), ("name", handoff.agentName.map(JSONValue.string)))
            return PolyAIEvent(.liveAgentJoined, payload: PolyAIEvent.object(("agent", agent)))
        case .liveAgentLeft:
            return PolyAIEvent(
                .liveAgentLeft, payload: PolyAIEvent.object(("agent_name", handoff.agentName.map(JSONValue.string)), ("reason", reason)))
        case .failed:
            return PolyAIEvent(.handoffFailed, payload: PolyAIEvent.object(("reason", reason)))
        case .timedOut:
            return PolyAIEvent(.handoffTimeout, payload: PolyAIEvent.object(("reason", reason)))
        case .clientHandoffRequired:
            return PolyAIEvent(
                .clientHandoffRequired, payload: PolyAIEvent.object(("route", handoff.route), ("reason", reason), ("queue_name", queue)))
        }
    }
}
