import ParleyModel

/// A `reply` (and the `greeting`): text streamed in chunks, then the assembled message.
public struct ReplySpec: Hashable, Sendable {
    /// The whole text.
    public var text: Template
    /// How to cut the text; nil uses the script's `timing.chunks`.
    public var chunks: ChunkSpec?
    /// Time between chunks; nil uses the script's `timing.chunk_delay`.
    public var chunkDelay: Duration?
    /// Who speaks: the agent or a live agent.
    public var from: Participant
    /// The live agent's name; agent replies carry the script's agent name.
    public var agentName: Template?
    /// Quick replies offered with the message.
    public var suggestions: [Template]
    /// `{ title, url, content_type, call_to_action_text }` objects.
    public var attachments: [ValueTemplate]
    /// `{ title, contact_number }` objects.
    public var callActions: [ValueTemplate]
    /// Stop after this many chunks: no `text_end`, no reply (a broken stream).
    public var cutAfter: Int?

    /// Creates a reply.
    public init(
        text: Template, chunks: ChunkSpec? = nil, chunkDelay: Duration? = nil, from: Participant = .agent,
        agentName: Template? = nil, suggestions: [Template] = [], attachments: [ValueTemplate] = [],
        callActions: [ValueTemplate] = [], cutAfter: Int? = nil
    ) {
        self.text = text
        self.chunks = chunks
        self.chunkDelay = chunkDelay
        self.from = from
        self.agentName = agentName
        self.suggestions = suggestions
        self.attachments = attachments
        self.callActions = callActions
        self.cutAfter = cutAfter
    }
}

/// How a reply's text is cut into `text_delta` chunks.
public enum ChunkSpec: Hashable, Sendable {
    /// About this many chunks, split at word boundaries (fewer when the text has fewer words).
    case count(Int)
    /// These pieces exactly; their concatenation is the text.
    case pieces([Template])
}
