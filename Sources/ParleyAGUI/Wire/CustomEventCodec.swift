import ParleyModel

/// Both directions of the CUSTOM conventions of ``CustomEventKind``: the server encodes Parley
/// events, the connector decodes them. Reply extras (suggestions, attachments, call actions) are
/// not events of their own in Parley, so they decode to ``Decoded/replyExtras(_:)``.
public enum CustomEventCodec {
    /// What a mapped CUSTOM event turns into.
    public enum Decoded: Hashable, Sendable {
        case event(AgentEvent)
        case replyExtras(ReplyExtras)
    }

    /// The CUSTOM name and value for an event AG-UI has no event for; nil for the others.
    public static func encode(_ event: AgentEvent) -> (name: CustomEventKind, value: JSONValue)? {
        switch event {
        case .cardStart(let id, let executionText):
            return (.cardStart, object(("id", .string(id)), ("executionText", executionText.map(JSONValue.string))))
        case .card(let id, let payload):
            return (.card, object(("id", .string(id)), ("payload", payload)))
        case .cardEnd(let id):
            return (.cardEnd, object(("id", .string(id))))
        case .interactive(let message):
            let goal = object(
                ("interactionType", .string(message.goal.kind.rawValue)),
                ("elementIds", .array(message.goal.elementIDs.map(JSONValue.string))))
            return (
                .interactive,
                object(("id", .string(message.id)), ("kind", .string(message.kind.rawValue)), ("data", message.data), ("goal", goal))
            )
        case .goalCompleted(let id, _):
            return (.goalCompleted, object(("id", .string(id))))
        case .handoff(let handoff):
            return (
                .handoff,
                object(
                    ("stage", .string(handoff.stage.rawValue)), ("queue", handoff.queue.map(JSONValue.string)),
                    ("queuePosition", handoff.queuePosition.map { .number(Double($0)) }),
                    ("waitSeconds", handoff.wait.map { .number(Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18) }),
                    ("agentName", handoff.agentName.map(JSONValue.string)), ("reason", handoff.reason.map(JSONValue.string)),
                    ("route", handoff.route))
            )
        case .typing(let who, let isTyping):
            return (.typing, object(("who", .string(who.rawValue)), ("isTyping", .bool(isTyping))))
        case .system(let text, let level):
            return (.system, object(("text", .string(text)), ("level", .string(level.rawValue))))
        case .sessionEnded(let reason):
            return (.sessionEnded, object(("reason", reason.map(JSONValue.string))))
        case .runStarted, .runFinished, .runError, .textStart, .textDelta, .textEnd, .reply, .toolCallStart, .toolCallArgs,
            .toolCallEnd, .toolCall, .toolResult, .delivery, .connection, .custom, .stateSnapshot, .stateDelta, .interrupt, .raw,
            .protocolWarning, .turnEnded, .agenticMessage, .action:
            return nil
        }
    }

    /// The extras of a reply as a `reply_extras` value, or nil when it has none worth sending.
    public static func encodeExtras(of reply: Reply) -> JSONValue? {
        let extras = ReplyExtras(reply: reply)
        guard extras != ReplyExtras() else { return nil }
        return object(
            ("messageId", .string(reply.messageID)),
            ("suggestions", extras.suggestions.isEmpty ? nil : .array(extras.suggestions.map(JSONValue.string))),
            ("attachments", extras.attachments.isEmpty ? nil : .array(extras.attachments)),
            ("callActions", extras.callActions.isEmpty ? nil : .array(extras.callActions)),
            ("from", extras.from.map { .string($0.rawValue) }))
    }

    /// Decodes the value of a CUSTOM event mapped to `kind`; throws a readable reason when the value
    /// does not have the convention's shape.
    public static func decode(_ kind: CustomEventKind, _ value: JSONValue) throws(AGUIDecodingError) -> Decoded {
        let reader = Reader(kind: kind, value: value)
        switch kind {
        case .cardStart:
            return .event(.cardStart(id: try reader.string("id"), executionText: reader.optionalString("executionText")))
        case .card:
            return .event(.card(id: try reader.string("id"), payload: value["payload"] ?? .object([])))
        case .cardEnd:
            return .event(.cardEnd(id: try reader.string("id")))
        case .interactive:
            let kindText = try reader.string("kind")
            guard let interactiveKind = InteractiveKind(rawValue: kindText) else {
                throw reader.error("kind \"\(kindText)\" is not one of \(InteractiveKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var goal = InteractionGoal(kind: .none)
            if let goalValue = value["goal"] {
                do { goal = try Self.goal(goalValue) } catch { throw reader.error(error.message) }
            }
            return .event(.interactive(InteractiveMessage(id: try reader.string("id"), kind: interactiveKind, data: value["data"] ?? .object([]), goal: goal)))
        case .goalCompleted:
            return .event(.goalCompleted(messageID: try reader.string("id")))
        case .suggestions:
            if case .array = value { return .replyExtras(ReplyExtras(suggestions: Reader.strings(value))) }
            return .replyExtras(ReplyExtras(messageID: reader.optionalString("messageId"), suggestions: reader.strings("suggestions")))
        case .replyExtras:
            var extras = ReplyExtras(messageID: reader.optionalString("messageId"), suggestions: reader.strings("suggestions"))
            if case .array(let items) = value["attachments"] { extras.attachments = items }
            if case .array(let items) = value["callActions"] { extras.callActions = items }
            if let from = reader.optionalString("from") {
                guard let participant = Participant(rawValue: from) else { throw reader.error("from \"\(from)\" is not agent, live or user") }
                extras.from = participant
            }
            return .replyExtras(extras)
        case .handoff:
            let stageText = try reader.string("stage")
            guard let stage = HandoffStage(rawValue: stageText) else {
                throw reader.error("stage \"\(stageText)\" is not one of \(HandoffStage.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            // A number out of range is the agent breaking the convention, named as such, not a trap.
            var wait: Duration?
            if case .number(let seconds) = value["waitSeconds"] {
                guard let checked = Duration(checkedSeconds: seconds) else {
                    throw reader.error("waitSeconds \(NumberBounds.show(seconds)) is not a wait from 0 to \(NumberBounds.longestDurationText)")
                }
                wait = checked
            }
            var position: Int?
            if case .number(let number) = value["queuePosition"] {
                guard let checked = Int(checked: number), checked >= 0 else {
                    throw reader.error("queuePosition \(NumberBounds.show(number)) is not a whole number from 0 to \(NumberBounds.largestWhole)")
                }
                position = checked
            }
            return .event(
                .handoff(
                    Handoff(
                        stage: stage, queuePosition: position, wait: wait, queue: reader.optionalString("queue"),
                        agentName: reader.optionalString("agentName"), reason: reader.optionalString("reason"), route: value["route"])))
        case .typing:
            let whoText = reader.optionalString("who") ?? "agent"
            guard let who = Participant(rawValue: whoText) else { throw reader.error("who \"\(whoText)\" is not agent, live or user") }
            var isTyping = true
            if case .bool(let flag) = value["isTyping"] { isTyping = flag }
            return .event(.typing(who: who, isTyping: isTyping))
        case .system:
            let levelText = reader.optionalString("level") ?? "info"
            guard let level = SystemLevel(rawValue: levelText) else { throw reader.error("level \"\(levelText)\" is not info, warning or error") }
            return .event(.system(text: try reader.string("text"), level: level))
        case .sessionEnded:
            return .event(.sessionEnded(reason: reader.optionalString("reason")))
        }
    }

    /// CometChat's InteractionGoal, `{ interactionType, elementIds }` (`none` when absent), as an
    /// interactive message or a form tool's arguments carry it.
    public static func goal(_ value: JSONValue) throws(AGUIDecodingError) -> InteractionGoal {
        var type = "none"
        if case .string(let text)? = value["interactionType"] { type = text }
        guard let kind = InteractionGoal.Kind(rawValue: type) else {
            throw AGUIDecodingError("goal.interactionType \"\(type)\" is not one of \(InteractionGoal.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return InteractionGoal(kind: kind, elementIDs: value["elementIds"].map(Reader.strings) ?? [])
    }

    /// An object of the members whose value is set.
    static func object(_ members: (String, JSONValue?)...) -> JSONValue {
        .object(members.compactMap { key, value in value.map { JSONMember(key, $0) } })
    }

    /// Reads the fields of one convention's value, naming the convention in errors.
    private struct Reader {
        var kind: CustomEventKind
        var value: JSONValue

        func string(_ key: String) throws(AGUIDecodingError) -> String {
            guard let text = optionalString(key) else { throw error("it has no string \"\(key)\"") }
            return text
        }

        func optionalString(_ key: String) -> String? {
            if case .string(let text) = value[key] { return text }
            return nil
        }

        func strings(_ key: String) -> [String] {
            value[key].map(Self.strings) ?? []
        }

        /// The texts of a list: strings, and `{ "text": "Yes" }` or `{ "title": "Yes" }` objects.
        static func strings(_ list: JSONValue) -> [String] {
            guard case .array(let items) = list else { return [] }
            return items.compactMap { item in
                switch item {
                case .string(let text): return text
                case .object:
                    if case .string(let text)? = item["text"] ?? item["title"] { return text }
                    return nil
                case .null, .bool, .number, .array: return nil
                }
            }
        }

        func error(_ detail: String) -> AGUIDecodingError {
            AGUIDecodingError("a CUSTOM \(kind.rawValue) event does not follow the convention: \(detail)")
        }
    }
}
