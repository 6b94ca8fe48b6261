import ParleyModel

/// The events the session sends on its own account, apart from plays: session start, echoes,
/// the agent joining, errors about client frames.
extension PolyAIEvent {
    /// SESSION_START with the session's capabilities (polyai-messaging.md 6.1).
    static func sessionStart(streaming: Bool, options: PolyAIServerOptions) -> PolyAIEvent {
        let capabilities = object(
            ("streaming", .bool(streaming)), ("max_message_size_bytes", .number(Double(PolyAIServerOptions.maxMessageSizeBytes))),
            ("heartbeat_interval_seconds", .number(Double(options.heartbeatSeconds))),
            ("max_reconnect_attempts", options.maxReconnectAttempts.map { .number(Double($0)) }))
        return PolyAIEvent(.sessionStart, payload: object(("capabilities", capabilities)))
    }

    /// A client frame sent back: the join and end requests are kept (they have a sequence), typing
    /// and heartbeats are transient.
    static func echo(_ type: PolyAIEventType, payload: JSONValue = .object([]), isPermanent: Bool) -> PolyAIEvent {
        PolyAIEvent(type, payload: payload, isPermanent: isPermanent)
    }

    /// The user's message confirmed: a new message id, the text, and the client's metadata so it
    /// can match the echo to its pending message by `local_id`.
    static func userMessageEcho(messageID: String, text: String, metadata: JSONValue?) -> PolyAIEvent {
        PolyAIEvent(.userMessage, payload: object(("message_id", .string(messageID)), ("text", .string(text))), metadata: metadata)
    }

    /// POLY_AGENT_JOINED with the script's agent name.
    static func agentJoined(_ name: String) -> PolyAIEvent {
        PolyAIEvent(.polyAgentJoined, payload: object(("agent_name", .string(name))))
    }

    /// POLY_AGENT_THINKING: the agent's typing indicator.
    static var thinking: PolyAIEvent { PolyAIEvent(.polyAgentThinking) }

    /// SYSTEM_MESSAGE at a level.
    static func system(_ message: String, level: SystemLevel) -> PolyAIEvent {
        let word: String
        switch level {
        case .info: word = "SYSTEM_MESSAGE_LEVEL_INFO"
        case .warning: word = "SYSTEM_MESSAGE_LEVEL_WARNING"
        case .error: word = "SYSTEM_MESSAGE_LEVEL_ERROR"
        }
        return PolyAIEvent(.systemMessage, payload: object(("message", .string(message)), ("level", .string(word))))
    }

    /// SESSION_END with a reason.
    static func sessionEnd(reason: String) -> PolyAIEvent {
        PolyAIEvent(.sessionEnd, payload: object(("reason", .string(reason))))
    }

    /// The reason of the SESSION_END that answers the client's USER_END_SESSION (PolyAI docs).
    static let userEndReason = "REASON_USER_END"
    /// The reason of a SESSION_END the script plays without one (the SDK's fixture).
    static let agentEndReason = "agent_ended"
}
