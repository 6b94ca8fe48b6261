import ParleyModel

/// Server events to Parley events (protocols/polyai-messaging.md 6, 7).
extension PolyConversation {
    /// The SYSTEM_MESSAGE errors after which the SDK asks the agent to join again (6.6).
    static let rejoinErrors = ["conversation not found", "conversation id not found", "unable to start a conversation"]

    /// Handles one decoded event: the cursor, dedup, then its meaning.
    mutating func handle(_ event: PolyEnvelope, at now: Duration, into reaction: inout PolyReaction) {
        if let sequence = event.sequence {
            cursor = max(cursor, sequence)
            // Only permanent events with an id are deduplicated; transient ones never are (7).
            if let id = event.id, !id.isEmpty, !seen.insert(id).inserted {
                reaction.dropped.append("\(event.type.wire) \(id) was a duplicate and was dropped")
                return
            }
        }
        let payload = event.payload
        switch event.type {
        case .sessionStart:
            capabilities = PolyCapabilities(sessionStart: payload)
            reaction.events.append(.custom(name: "session_start", value: payload))
            if !joinRequested && !hasEnded {
                reaction.frames.append(PolyOutgoing.requestPolyAgentJoin.text)
                joinRequested = true
            }
        case .sessionEnd:
            endSession(reason: payload.string("reason"), into: &reaction)
        case .polyAgentJoined:
            joinRequested = true
            reaction.events.append(.custom(name: event.type.oneofKey, value: payload))
        case .polyAgentLeft:
            stopThinking(into: &reaction)
            reaction.events.append(.custom(name: event.type.oneofKey, value: payload))
        case .sessionIdleWarning, .userReceivedMessage, .userReadMessage, .polyAgentReceivedMessage, .polyAgentReadMessage,
            .liveAgentReceivedMessage, .liveAgentReadMessage, .showCSATRequest, .csatResponse:
            reaction.events.append(.custom(name: event.type.oneofKey, value: payload))
        case .userMessage:
            echo(event, into: &reaction)
        case .userTyping, .userEndSession, .requestPolyAgentJoin, .heartbeat, .linkToWebRTCConversation:
            break
        case .polyAgentThinking:
            thinkingUntil = now + Self.typingIndicatorTimeout
            reaction.events.append(.typing(who: .agent, isTyping: true))
        case .polyAgentMessage:
            stopThinking(into: &reaction)
            let message = PolyMessage(payload: payload)
            if message.hasContent {
                reaction.events.append(.reply(message.reply(from: .agent)))
                turnAnswered = true
            }
            if message.endConversation { endSession(reason: "agent_ended", into: &reaction) }
        case .polyAgentMessageChunk:
            stopThinking(into: &reaction)
            chunk(PolyMessage(payload: payload), into: &reaction)
        case .polyAgentTriggeredHandoff:
            stopThinking(into: &reaction)
            reaction.events.append(.handoff(Handoff(stage: .started)))
        case .liveAgentJoined:
            reaction.events.append(.handoff(Handoff(stage: .liveAgentJoined, agentName: Self.liveAgentName(payload))))
        case .liveAgentTyping:
            // A missing or unknown state counts as started (6.4).
            switch PolyTypingState(rawValue: payload.string("state") ?? "") ?? .started {
            case .started:
                liveTypingUntil = now + Self.typingIndicatorTimeout
                reaction.events.append(.typing(who: .live, isTyping: true))
            case .stopped:
                liveTypingUntil = nil
                reaction.events.append(.typing(who: .live, isTyping: false))
            }
        case .liveAgentMessage:
            stopLiveTyping(into: &reaction)
            // Always reported, even empty (6.4).
            reaction.events.append(.reply(PolyMessage(payload: payload).reply(from: .live)))
            turnAnswered = true
        case .liveAgentLeft:
            stopLiveTyping(into: &reaction)
            reaction.events.append(
                .handoff(Handoff(stage: .liveAgentLeft, agentName: Self.liveAgentName(payload), reason: payload.string("reason"))))
        case .handoffAccepted:
            reaction.events.append(.handoff(Handoff(stage: .accepted, queue: payload.string("queue_name"))))
        case .handoffQueueStatus:
            reaction.events.append(
                .handoff(
                    Handoff(
                        stage: .queued, queuePosition: payload.integer("position_in_queue") ?? payload.integer("position"),
                        wait: payload.integer("estimated_wait_seconds").flatMap { Duration(checkedSeconds: Double($0)) }, queue: payload.string("queue_name"))))
        case .handoffFailed:
            reaction.events.append(.handoff(Handoff(stage: .failed, reason: payload.string("reason"))))
        case .handoffTimeout:
            reaction.events.append(.handoff(Handoff(stage: .timedOut, reason: payload.string("reason"))))
        case .clientHandoffRequired:
            let route = payload.string("route")
            reaction.events.append(
                .handoff(
                    Handoff(
                        stage: .clientHandoffRequired, queue: payload.string("queue_name"), reason: route ?? payload.string("reason"),
                        route: route.map(JSONValue.string))))
        case .systemMessage:
            system(payload, into: &reaction)
        case .eventBatch, .unknown:
            // A batch inside a batch is not in the protocol; like an unknown type it is kept raw.
            reaction.events.append(.raw(event.json))
        }
    }

    /// One chunk: a chunk of another message finalizes the open stream first (8).
    mutating func chunk(_ chunk: PolyMessage, into reaction: inout PolyReaction) {
        if let open = stream, open.messageID != chunk.messageID { finalizeStream(into: &reaction) }
        var open = stream ?? PolyStream(messageID: chunk.messageID, joining: options.joining)
        reaction.events += open.add(chunk)
        stream = open
        if chunk.isComplete { finalizeStream(into: &reaction) }
    }

    /// A SYSTEM_MESSAGE; some errors mean the agent lost the conversation and must be asked to join again.
    mutating func system(_ payload: JSONValue, into reaction: inout PolyReaction) {
        let text = payload.string("message") ?? ""
        let level: SystemLevel
        switch payload.string("level") {
        case "SYSTEM_MESSAGE_LEVEL_WARNING": level = .warning
        case "SYSTEM_MESSAGE_LEVEL_ERROR": level = .error
        default: level = .info
        }
        reaction.events.append(.system(text: text, level: level))
        let lowered = text.lowercased()
        if level == .error, !hasEnded, Self.rejoinErrors.contains(where: lowered.contains) {
            reaction.frames.append(PolyOutgoing.requestPolyAgentJoin.text)
            joinRequested = true
        }
    }

    /// The live agent's name: flat `agent_name` wins over the nested `agent.name` of events.proto.
    static func liveAgentName(_ payload: JSONValue) -> String? {
        payload.string("agent_name") ?? payload.object("agent")?.string("name")
    }
}
