import ParleyModel
import ParleyParser

/// `reply` (and the greeting) and `tool_call`.
extension PlayReader {
    static let replyKeys = [
        "text", "chunks", "chunk_delay", "from", "agent", "suggestions", "attachments", "call_actions", "cut_after",
    ]

    func reply(_ node: YAMLNode) -> ReplySpec? {
        if case .scalar = node.value { return context.scriptTemplate(node, "the reply's text").map { ReplySpec(text: $0) } }
        guard let map = MappingReader(node, context, expected: "the reply's text, or a mapping like { text: …, suggestions: [...] }") else {
            return nil
        }
        map.rejectUnknownKeys(allowed: Self.replyKeys, in: "'reply'", context)
        let chunks = map["chunks"].flatMap(chunkSpec)
        var text = map["text"].flatMap { context.scriptTemplate($0, "the reply's text") }
        if map["text"] == nil {
            guard case .pieces(let pieces)? = chunks else {
                context.error("'reply' needs 'text' (or 'chunks' as a list of strings)", at: node.location)
                return nil
            }
            text = Template(parts: pieces.flatMap(\.parts), location: node.location)
        } else if case .pieces(let pieces)? = chunks, let whole = text?.literalText {
            let joined = pieces.compactMap(\.literalText).joined()
            if pieces.allSatisfy({ $0.literalText != nil }), joined != whole {
                context.error("the chunks join to \"\(joined)\", not the reply's text \"\(whole)\"", at: map["chunks"]!.location)
            }
        }
        guard let text else { return nil }
        var spec = ReplySpec(text: text, chunks: chunks)
        spec.chunkDelay = map["chunk_delay"].flatMap(context.duration)
        if let from = map["from"].flatMap({ context.word($0, ScriptSpeaker.self, what: "speaker") }) {
            spec.from = from == .live ? .live : .agent
        }
        spec.agentName = map["agent"].flatMap { context.scriptTemplate($0, "the live agent's name") }
        spec.suggestions = map["suggestions"].map { context.list($0).compactMap { context.scriptTemplate($0, "a suggestion's text") } } ?? []
        spec.attachments =
            map["attachments"].map {
                objects($0, ["title", "url", "content_type", "call_to_action_text"], required: ["url"], "an attachment")
            } ?? []
        spec.callActions =
            map["call_actions"].map { objects($0, ["title", "contact_number"], required: ["title", "contact_number"], "a call action") }
            ?? []
        if let node = map["cut_after"], let cut = context.count(node, minimum: 0, "a number of chunks") {
            if case .count(let count)? = chunks, cut >= count {
                context.error("'cut_after: \(cut)' cuts nothing: the reply has \(count) chunk\(count == 1 ? "" : "s")", at: node.location)
            }
            spec.cutAfter = cut
        }
        return spec
    }

    private func chunkSpec(_ node: YAMLNode) -> ChunkSpec? {
        if case .sequence(let items) = node.value {
            guard !items.isEmpty else {
                context.wrongShape(node, expected: "a number of chunks, or a non-empty list of strings")
                return nil
            }
            let pieces = items.compactMap { context.scriptTemplate($0, "a chunk of text") }
            return pieces.count == items.count ? .pieces(pieces) : nil
        }
        return context.count(node, minimum: 1, "a number of chunks").map(ChunkSpec.count)
    }

    /// A list of objects with known keys, as value templates (attachments, call actions).
    private func objects(_ node: YAMLNode, _ allowed: [String], required: [String], _ what: String) -> [ValueTemplate] {
        guard case .sequence(let items) = node.value else {
            context.wrongShape(node, expected: "a list of \(what)s")
            return []
        }
        return items.compactMap { item in
            guard
                let map = MappingReader(
                    item, context, expected: "\(what): a mapping like { \(allowed.prefix(2).map { "\($0): …" }.joined(separator: ", ")) }")
            else {
                return nil
            }
            map.rejectUnknownKeys(allowed: allowed, in: what, context)
            map.require(required, in: what, context)
            if let type = map["content_type"], context.word(type, AttachmentType.self, what: "content type") == nil { return nil }
            return context.scriptValueTemplate(item)
        }
    }

    func toolCall(_ node: YAMLNode) -> ToolCallSpec? {
        guard let map = fields(node, .toolCall, ["id", "name", "args", "result", "frontend"], required: ["name"]),
            let nameNode = map["name"], let name = context.string(nameNode, "the tool's name")
        else { return nil }
        let declared = tools.first { $0.name == name }
        if !tools.isEmpty, declared == nil {
            let names = tools.map(\.name)
            context.error(
                "unknown tool '\(name)' (declare it under 'tools:')\(Suggestion.hint(for: name, in: names))", at: nameNode.location)
        }
        let flag = map["frontend"].flatMap(context.bool)
        if let flag, let declared, flag != (declared.side == .frontend) {
            context.error("tool '\(name)' is declared \(declared.side.rawValue) under 'tools:'", at: map["frontend"]!.location)
        }
        let frontend = flag ?? (declared?.side == .frontend)
        if frontend, let result = map["result"] {
            context.error(
                "a frontend tool's result comes from the client ('respond_tool' in a flow); remove 'result' here", at: result.location)
        }
        return ToolCallSpec(
            id: map["id"].flatMap { context.scriptTemplate($0, "a call id") }, name: name,
            args: map["args"].map(context.scriptValueTemplate) ?? .object([]), result: map["result"].map(context.scriptValueTemplate),
            frontend: frontend)
    }
}
