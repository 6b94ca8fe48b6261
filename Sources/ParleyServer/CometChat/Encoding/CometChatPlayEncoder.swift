import ParleyModel
import ParleySimulator

/// Turns a simulator play into CometChat outputs at their offsets, pure and clock-free: the server
/// only sleeps until each item is due, gives it ids, times and an envelope, and sends it
/// (docs/serve.md, "Play events as CometChat frames").
///
/// Inside a run (`run_started` … `run_finished`) the agent streams: text, tool and card events
/// become `streamed_message` events, and `run_finished` is followed by the persisted agentic
/// messages (each tool call's `tool-arguments` then its `tool-result`, the `assistant` messages
/// last, cards in their `elements`). Outside a run nothing streams: a whole reply is a text
/// message and a card a `card` message, as a live agent or a backend would send them.
public struct CometChatPlayEncoder: Sendable {
    /// Where a form's submit button and a scheduler's button post when the script gives them no
    /// action of their own: the server's `/actions` (PARLEY).
    public var actionsURL: String

    /// An encoder whose injected actions post to `actionsURL`.
    public init(actionsURL: String) {
        self.actionsURL = actionsURL
    }

    /// The items of `play`, which answers message `runID` (every streamed event's run id) in
    /// conversation `conversationID` (their thread id).
    public func encode(_ play: Play, runID: Int, conversationID: String) -> [CometChatTimedItem] {
        var progress = Progress(runID: runID, threadID: conversationID)
        var items: [CometChatTimedItem] = []
        for (index, item) in play.items.enumerated() {
            switch item.content {
            case .fault(let fault):
                items.append(CometChatTimedItem(.fault(fault), at: item.offset))
            case .event(let event):
                let ahead = play.items[(index + 1)...]
                for output in outputs(for: event, ahead: ahead, progress: &progress) {
                    items.append(CometChatTimedItem(.output(output), at: item.offset))
                }
            }
        }
        return items
    }

    /// What the encoder tracks through one play.
    struct Progress {
        let runID: Int
        let threadID: String
        /// The run being streamed; nil outside a run.
        var run: RunRecord?
        /// The number the next message of the play gets.
        var nextRef = 0
        /// Streamed replies of this play: the simulator's message id → the assistant message's number.
        var streams: [String: Int] = [:]
        /// The latest stream, for a card that no stream follows.
        var lastStream: String?
        var toolNames: [String: String] = [:]
        /// Each call's arguments as streamed.
        var toolArguments: [String: String] = [:]

        init(runID: Int, threadID: String) {
            self.runID = runID
            self.threadID = threadID
        }

        mutating func newRef() -> Int {
            defer { nextRef += 1 }
            return nextRef
        }

        /// `data` of an event or agentic message: `runId` and `threadId` first, then `fields`
        /// (a nil value is left out).
        func data(_ fields: [(String, JSONValue?)]) -> JSONValue {
            let head = [JSONMember("runId", .number(Double(runID))), JSONMember("threadId", .string(threadID))]
            return .object(head + fields.compactMap { key, value in value.map { JSONMember(key, $0) } })
        }

        func streamed(_ event: String, _ fields: (String, JSONValue?)..., messageRef: Int? = nil) -> CometChatOutput {
            .streamed(event: event, data: data(fields), messageRef: messageRef)
        }
    }

    /// What a run leaves behind for its persisted messages, in the order it happened.
    struct RunRecord {
        /// Each call, with its arguments as streamed.
        var calls: [(call: ToolCall, arguments: String)] = []
        var results: [(callID: String, text: String)] = []
        var blocks: [Block] = []

        /// A reply (its message's number and text) or a card, in play order.
        enum Block {
            case reply(ref: Int, text: String)
            case card(id: String, payload: JSONValue)
        }
    }
}
