import ParleyModel

/// The one open stream of chunks (protocols/polyai-messaging.md 8): reports text progressively as
/// chunks arrive and assembles the final reply the way the chosen joining rule says.
struct PolyStream: Hashable, Sendable {
    let messageID: String
    let joining: ChunkJoining
    /// The chunks in arrival order; a repeated `chunk_index` is kept, as in the SDK.
    private(set) var chunks: [PolyMessage] = []
    /// Whether a non-empty delta went out, so a space-joined stream knows to lead with a space.
    private var sentText = false

    init(messageID: String, joining: ChunkJoining) {
        self.messageID = messageID
        self.joining = joining
    }

    /// Adds a chunk: `textStart` for the first, then its text as a delta. With `.space` a later
    /// non-empty chunk leads with one space, so in-order deltas add up to the final text.
    mutating func add(_ chunk: PolyMessage) -> [AgentEvent] {
        var events: [AgentEvent] = chunks.isEmpty ? [.textStart(messageID: messageID)] : []
        chunks.append(chunk)
        switch joining {
        case .space:
            if let text = chunk.text, !text.isEmpty {
                events.append(.textDelta(messageID: messageID, delta: sentText ? " " + text : text))
                sentText = true
            }
        case .concatenate:
            if let text = chunk.text, !text.isEmpty {
                events.append(.textDelta(messageID: messageID, delta: text))
            }
        }
        return events
    }

    /// The assembled reply, or nil when the stream carried no content at all. Chunks are taken in
    /// `chunk_index` order (stable); attachments are concatenated and deduplicated by URL (those
    /// without one never are); the suggestions are the last chunk's non-empty list.
    var reply: Reply? {
        let ordered = chunks.enumerated()
            .sorted { $0.element.chunkIndex != $1.element.chunkIndex ? $0.element.chunkIndex < $1.element.chunkIndex : $0.offset < $1.offset }
            .map(\.element)
        var urls: Set<String> = []
        var attachments: [JSONValue] = []
        for attachment in ordered.flatMap(\.attachments) {
            if case .string(let url)? = attachment["url"], !urls.insert(url).inserted { continue }
            attachments.append(attachment)
        }
        let text = joining.join(ordered.map(\.text))
        let suggestions = ordered.last { !$0.suggestions.isEmpty }?.suggestions ?? []
        guard !text.isEmpty || !attachments.isEmpty || !suggestions.isEmpty else { return nil }
        return Reply(messageID: messageID, text: text, from: .agent, suggestions: suggestions, attachments: attachments)
    }

    /// The events that close the stream: `textEnd`, then the reply when there is one.
    var finish: [AgentEvent] {
        [.textEnd(messageID: messageID)] + (reply.map { [.reply($0)] } ?? [])
    }
}
