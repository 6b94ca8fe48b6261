import ParleyCore
import ParleyModel

/// One CometChat conversation as the flow's user sees it: turns the realtime socket's frames into
/// Parley events, knows when the agent's turn is over, and keeps the interactive messages and
/// cards a flow may act on (the wire contract; protocols/cometchat.md 1–4).
///
/// Pure: no I/O and no clock reads. Every input carries the run's time; the session calls
/// ``tick(at:)`` at ``deadline`` (STYLE rules 11, 14).
public struct CometChatConversation: Sendable {
    /// Who the flow is and whom it talks to.
    public struct Settings: Hashable, Sendable {
        /// The uid the flow acts as.
        public var user: String
        /// The agent's uid, or the group the agent answers in.
        public var peer: CometChatPeer
        /// After `run_finished`, how long to wait for the persisted reply before the turn ends anyway.
        public var quiet: Duration
        /// Which runs are this conversation's: the ones its own messages and presses started (by
        /// run id), or every run the socket carries.
        public var runs: RunScope

        /// Creates settings.
        public init(user: String, peer: CometChatPeer, quiet: Duration = .seconds(1), runs: RunScope = .mine) {
            self.user = user
            self.peer = peer
            self.quiet = quiet
            self.runs = runs
        }
    }

    public let settings: Settings

    /// Assembles streamed replies and tool calls across the whole conversation.
    var assembler = EventAssembler()
    /// Uids known to be agents: the configured agent, senders with role `@agentic`, senders of
    /// streamed runs. Their messages and typing are the agent's; anyone else but the user is live.
    var agents: Set<String> = []
    /// Ids of messages already handled (a reconnect may deliver one again).
    var seenMessages: Set<Int> = []
    /// Interactive messages in arrival order.
    var interactives: [CometChatInteractive] = []
    /// Card payloads by card id (streamed `cardId`, an assistant element's `cardId`, or a card
    /// message's flow id), with the ids in arrival order for messages.
    var cards: [String: JSONValue] = [:]
    var cardOrder: [String] = []
    /// Cards that came streamed, so the persisted assistant message does not report them again.
    var streamedCards: Set<String> = []
    /// What `tool_call_start` said about each call, for the assembled call.
    var toolCalls: [String: ToolCallInfo] = [:]
    /// Persisted assistant message ids announced by `text_message_end`, by run: those messages
    /// give no second reply, and the turn waits for them.
    var announced: [Int: Set<String>] = [:]
    /// Assistant message ids that arrived, and the runs that had one.
    var arrivedAssistants: Set<String> = []
    var runsWithAssistant: Set<Int> = []
    /// Messages whose goal was reported, by who said so.
    var goalsFromServer: Set<Int> = []
    var goalsLocal: Set<Int> = []
    /// The turn: whether a `turnEnded` is still owed, the runs that belong to it, the run whose
    /// finish is awaiting its persisted reply, and when something last happened.
    var turn = TurnState()
    /// Run ids this conversation started: its messages' ids, the messages it pressed, and the
    /// runs it adopted as the answer to a press.
    var owned: Set<Int> = []
    /// The conversation's id as the server named it in its answer to `POST /messages`.
    var serverConversationID: String?
    /// Frames of runs not (yet) known to be this conversation's, by run id: the socket can deliver
    /// a run's first events before the REST answer that names its id; another conversation's runs
    /// stay here until dropped.
    var held: [Int: [CometChatFrame]] = [:]

    /// A conversation with nothing received yet.
    public init(settings: Settings) {
        self.settings = settings
        if case .agent(let uid) = settings.peer { agents.insert(uid) }
    }

    /// The conversation's id: as the server named it in its answer to the first `POST /messages`,
    /// else computed the way the contract spells it (`{uidA}_user_{uidB}` or `group_{guid}`).
    public var conversationID: String { serverConversationID ?? settings.peer.conversationID(user: settings.user) }

    /// Handles one decoded frame from the socket and returns the events it means, in order.
    /// Auth replies and pongs mean nothing here: the session deals with them.
    public mutating func receive(_ frame: CometChatFrame, at now: Duration) -> [AgentEvent] {
        var events: [AgentEvent] = []
        if let run = Self.run(of: frame), settings.runs == .mine, !owned.contains(run) {
            guard adopts(frame) else {
                hold(frame, run: run)
                return []
            }
            events = adopt(run: run, at: now)
        }
        switch frame {
        case .auth, .pong: break
        case .streamed(let streamed): events += receive(streamed)
        case .message(let message): events += receive(message)
        case .interactionCompleted(let receipt): events += receive(receipt)
        case .typing(let indicator): events += receive(indicator)
        case .other(_, let json): events.append(.raw(json))
        case .unknown(let type, let json):
            let message = "CometChat sent a frame of unknown type \"\(type)\" (the SDK ignores it)"
            events.append(.protocolWarning(message: message, frame: CometChatViolation.frameExcerpt(json.serialized())))
        }
        return finish(events, at: now)
    }

    /// Decodes and handles one text frame. A frame the SDK would drop (not JSON, no `type`, a
    /// message without its id…) or read with defaults (a streamed event without its ids) is
    /// reported as a `protocol_warning`, and never fails the flow by itself.
    public mutating func receive(text: String, at now: Duration) -> [AgentEvent] {
        switch CometChatFrame.decode(text) {
        case .failure(let violation):
            return finish([.protocolWarning(message: violation.message, frame: CometChatViolation.frameExcerpt(text))], at: now)
        case .success(let frame):
            var warnings: [AgentEvent] = []
            if case .streamed(let streamed) = frame {
                warnings = streamed.defaulted.map { .protocolWarning(message: streamed.warning($0), frame: CometChatViolation.frameExcerpt(text)) }
            }
            return warnings + receive(frame, at: now)
        }
    }

    /// A binary frame: CometChat's frames are JSON text; the SDK logs a binary one and goes on.
    public mutating func receiveBinary(byteCount: Int, at now: Duration) -> [AgentEvent] {
        let message = "CometChat sent a binary WebSocket frame (\(byteCount) bytes); its realtime frames are JSON text (the SDK ignores it)"
        return finish([.protocolWarning(message: message, frame: nil)], at: now)
    }

    /// What `tool_call_start` said about a call.
    struct ToolCallInfo: Sendable {
        var name: String
        var displayName: String?
        var executionText: String?
        /// Whether `tool_call_args` deltas came; if none did, `tool_call_end`'s arguments are the arguments.
        var sawDeltas = false
    }
}
