import ParleyAGUI
import ParleyModel
import ParleySimulator

/// Turns the plays of one AG-UI run into the frames of its response, pure and clock-free: the
/// streamer only sleeps until each frame's offset and writes it.
///
/// The response must be well-formed AG-UI even where a play is not shaped like runs: events a play
/// puts outside a run (a handoff ladder after `run_finished`, a form's `goal_completed` before
/// `run_started`, a live agent's messages, a refusal's bare `run_error`) are wrapped in a run the
/// encoder opens, closed at the play's next `run_started` or `run_finished` or when the response
/// ends. Only runs are added: every play event keeps its place relative to the others, so a flow
/// that expects `goal_completed` before `run_started` reads the same over the wire as in-process.
/// The first run of a response carries the client's run id, later ones `<runId>-2`, `<runId>-3`, …
public struct AGUIPlayEncoder: Sendable {
    /// The client's thread id, on every RUN_STARTED and RUN_FINISHED.
    public let threadID: String
    /// The client's run id, for the response's first run.
    public let runID: String
    /// Whether the client declared `protocolVersion` 1.0 or later: then RUN_FINISHED carries a
    /// success outcome with the frontend tool calls left waiting (`pendingToolCallIds` is 1.0
    /// only; pydantic-ai sends it on the same condition).
    public let declaresVersion1: Bool

    var run: OpenRun?
    private var runsOpened = 0
    /// Where the next play starts: plays in one response follow each other.
    private var elapsed: Duration = .zero
    private var faults = FaultInjector()
    private var dropped = false
    /// Text messages whose TEXT_MESSAGE_START went out, so their assembled `.reply` sends nothing.
    var streamedMessages: Set<String> = []
    /// Frontend tool calls still waiting for the client after the play being encoded.
    var pendingFrontendCalls: Set<String> = []
    var resultsSent = 0
    var interruptsNamed = 0

    /// What the encoder tracks about the run that is open.
    struct OpenRun: Sendable {
        var id: String
        /// Opened by the encoder for events outside the play's runs, not by a `run_started`.
        var wrapping: Bool
        var openMessages: Set<String> = []
        var openCalls: Set<String> = []
        /// Tool calls started in this run, in order.
        var calls: [String] = []
        var answered: Set<String> = []
        /// Interrupts held for the run's RUN_FINISHED.
        var interrupts: [JSONValue] = []
    }

    /// An encoder for a run of `threadID` with the client's `runID` and declared `protocolVersion`.
    public init(threadID: String, runID: String, protocolVersion: String? = nil) {
        self.threadID = threadID
        self.runID = runID
        declaresVersion1 = (protocolVersion?.split(separator: ".").first.flatMap { Int($0) } ?? 0) >= 1
    }

    /// The frames of `play`, which starts when the plays before it in this response are over.
    /// `pendingFrontendCalls` are the frontend tool calls still open after the play (the
    /// conversation knows which calls are frontend; the events do not).
    public mutating func encode(_ play: Play, pendingFrontendCalls: Set<String> = []) -> [TimedFrame] {
        self.pendingFrontendCalls = pendingFrontendCalls
        let start = elapsed
        elapsed = start + play.duration
        var out: [TimedFrame] = []
        items: for (index, item) in play.items.enumerated() where !dropped {
            let offset = start + item.offset
            switch item.content {
            case .fault(let fault):
                out += faults.arm(fault, at: offset)
            case .event(.turnEnded):
                break items
            case .event(let event):
                let ahead = play.items[(index + 1)...]
                for frame in frames(for: event, ahead: ahead) { out += faults.pass(TimedFrame(frame, at: offset)) }
            }
            // A drop is always the last frame its fault gives; nothing follows it.
            dropped = out.last?.frame == .drop
        }
        return out
    }

    /// The frames that end the response: RUN_FINISHED for a run still open (unless a scripted broken
    /// stream left a message or tool call open in it: that is the fault), or a whole empty run when
    /// nothing was sent at all.
    public mutating func finish() -> [TimedFrame] {
        guard !dropped else { return [] }
        var frames: [SSEFrame] = []
        if runsOpened == 0 {
            frames = [openRun(), closeRun(.success)]
        } else if let run, run.openMessages.isEmpty, run.openCalls.isEmpty {
            frames = [closeRun(.success)]
        }
        var out: [TimedFrame] = []
        for frame in frames { out += faults.pass(TimedFrame(frame, at: elapsed)) }
        return out + faults.flush()
    }

    /// RUN_STARTED for a new run; `wrapping` when the play did not ask for it.
    mutating func openRun(wrapping: Bool = true) -> SSEFrame {
        runsOpened += 1
        let id = runsOpened == 1 ? runID : "\(runID)-\(runsOpened)"
        run = OpenRun(id: id, wrapping: wrapping)
        return .event(AGUIEvent(.runStarted, [("threadId", .string(threadID)), ("runId", .string(id))]))
    }

    /// RUN_STARTED when no run is open, so the event about to go out is inside one.
    mutating func ensureRun() -> [SSEFrame] {
        run == nil ? [openRun()] : []
    }

    /// RUN_FINISHED for the open run: with its held interrupts when it ends on an interrupt, else
    /// (for a 1.0 client) a success outcome naming the frontend calls it left waiting.
    mutating func closeRun(_ outcome: RunOutcome) -> SSEFrame {
        let closing = run ?? OpenRun(id: runID, wrapping: true)
        run = nil
        var fields: [(String, JSONValue?)] = [("threadId", .string(threadID)), ("runId", .string(closing.id))]
        switch outcome {
        case .interrupt where !closing.interrupts.isEmpty:
            fields.append(("outcome", .object([JSONMember("type", "interrupt"), JSONMember("interrupts", .array(closing.interrupts))])))
        case .interrupt, .success:
            guard declaresVersion1 else { break }
            let waiting = closing.calls.filter { pendingFrontendCalls.contains($0) && !closing.answered.contains($0) }
            var members = [JSONMember("type", "success")]
            if !waiting.isEmpty { members.append(JSONMember("pendingToolCallIds", .array(waiting.map(JSONValue.string)))) }
            fields.append(("outcome", .object(members)))
        }
        return .event(AGUIEvent(.runFinished, fields))
    }
}
