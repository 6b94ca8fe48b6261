/// The AG-UI ordering rules (protocols/ag-ui.md section 1.5), checked one event at a time on the
/// stream after chunk expansion, the way the TypeScript reference client's `verifyEvents` does.
///
/// A pure state machine: no I/O, no clock, so every rule is tested with plain event lists. A rejected
/// event leaves the state as it was. Deliberately lenient where the spec is: TOOL_CALL_RESULT may
/// name any tool call (interrupt resumes answer calls from earlier runs), several text messages or
/// tool calls with different ids may be open at once, and CUSTOM, RAW, STATE_*, MESSAGES_SNAPSHOT,
/// ACTIVITY_*, REASONING_*, SUBAGENT_* and unknown types may appear anywhere inside a run.
public struct RunVerifier: Sendable {
    private enum Phase: Hashable, Sendable {
        case beforeFirstEvent
        case running
        case finished
        case errored
    }

    /// Open ids in the order they opened (so messages name them in that order), and ids that
    /// ended, so "already ended" can be told from "never started".
    private struct Tracked: Hashable, Sendable {
        var open: [String] = []
        var ended: Set<String> = []

        func isOpen(_ id: String) -> Bool { open.contains(id) }

        mutating func close(_ id: String) {
            open.removeAll { $0 == id }
            ended.insert(id)
        }
    }

    private var phase = Phase.beforeFirstEvent
    /// The runId of the current or last run, for messages.
    private var runId: String?
    private var messages = Tracked()
    private var toolCalls = Tracked()
    private var steps: [String] = []
    private var thinking = false
    private var thinkingMessage = false

    /// A verifier for a stream that has not begun.
    public init() {}

    /// True between RUN_STARTED and the run's RUN_FINISHED or RUN_ERROR.
    public var isRunActive: Bool { phase == .running }

    /// Checks the next event, returning the rule it breaks, or nil when it may come here.
    public mutating func check(_ event: AGUIEvent) -> ProtocolViolation? {
        let kind = event.kind
        switch phase {
        case .beforeFirstEvent:
            if kind == .runStarted { return startRun(event) }
            if kind == .runError {
                phase = .errored
                return nil
            }
            return .firstEvent(event)
        case .errored:
            return kind == .runStarted ? startRun(event) : .afterRunError(event)
        case .finished:
            if kind == .runStarted { return startRun(event) }
            if kind == .runError {
                phase = .errored
                return nil
            }
            return .afterRunFinished(event, finishedRun: runId)
        case .running:
            return checkInRun(event)
        }
    }

    /// The stream ended: a violation when no run ever started or a run is still active.
    public func finish() -> ProtocolViolation? {
        switch phase {
        case .beforeFirstEvent: .noRun
        case .running: .unterminatedRun(runId, open: openItems(includingThinking: true))
        case .finished, .errored: nil
        }
    }

    private mutating func startRun(_ event: AGUIEvent) -> ProtocolViolation? {
        self = RunVerifier()
        phase = .running
        runId = event.string("runId")
        return nil
    }

    /// The rules for an event inside an active run, one case per event type.
    private mutating func checkInRun(_ event: AGUIEvent) -> ProtocolViolation? {
        switch event.kind {
        case .runStarted:
            return .runAlreadyActive(event, activeRun: runId)
        case .runFinished:
            let open = openItems(includingThinking: false)
            guard open.isEmpty else { return .finishedWhileOpen(event, open: open) }
            phase = .finished
            return nil
        case .runError:
            phase = .errored
            return nil
        case .stepStarted:
            guard let name = event.string("stepName") else { return .missingField(event, "stepName") }
            guard !steps.contains(name) else { return .stepAlreadyActive(event, name: name) }
            steps.append(name)
            return nil
        case .stepFinished:
            guard let name = event.string("stepName") else { return .missingField(event, "stepName") }
            guard steps.contains(name) else { return .stepNotActive(event, name: name) }
            steps.removeAll { $0 == name }
            return nil
        case .textMessageStart:
            return Self.start(event, idField: "messageId", what: "text message", in: &messages)
        case .textMessageContent:
            return Self.touch(event, idField: "messageId", what: "text message", family: Self.textFamily, closing: false, in: &messages)
        case .textMessageEnd:
            return Self.touch(event, idField: "messageId", what: "text message", family: Self.textFamily, closing: true, in: &messages)
        case .toolCallStart:
            return Self.start(event, idField: "toolCallId", what: "tool call", in: &toolCalls)
        case .toolCallArgs:
            return Self.touch(event, idField: "toolCallId", what: "tool call", family: Self.toolFamily, closing: false, in: &toolCalls)
        case .toolCallEnd:
            return Self.touch(event, idField: "toolCallId", what: "tool call", family: Self.toolFamily, closing: true, in: &toolCalls)
        case .thinkingStart:
            guard !thinking else { return .thinkingAlreadyOpen(event) }
            thinking = true
            return nil
        case .thinkingEnd:
            guard thinking else { return .thinkingNotOpen(event) }
            guard !thinkingMessage else { return .thinkingEndsWithMessageOpen(event) }
            thinking = false
            return nil
        case .thinkingTextMessageStart:
            guard thinking else { return .thinkingNotOpen(event) }
            guard !thinkingMessage else { return .thinkingMessageAlreadyOpen(event) }
            thinkingMessage = true
            return nil
        case .thinkingTextMessageContent, .thinkingTextMessageEnd:
            guard thinking else { return .thinkingNotOpen(event) }
            guard thinkingMessage else { return .thinkingMessageNotOpen(event) }
            if event.kind == .thinkingTextMessageEnd { thinkingMessage = false }
            return nil
        case .toolCallResult, .textMessageChunk, .toolCallChunk, .reasoningMessageChunk, .stateSnapshot, .stateDelta,
            .messagesSnapshot, .activitySnapshot, .activityDelta, .raw, .custom, .reasoningStart, .reasoningMessageStart,
            .reasoningMessageContent, .reasoningMessageEnd, .reasoningEnd, .reasoningEncryptedValue, .subagentStarted,
            .subagentFinished, .subagentError, nil:
            return nil
        }
    }

    private static let textFamily = "TEXT_MESSAGE_CONTENT and TEXT_MESSAGE_END"
    private static let toolFamily = "TOOL_CALL_ARGS and TOOL_CALL_END"

    private static func start(_ event: AGUIEvent, idField: String, what: String, in tracked: inout Tracked) -> ProtocolViolation? {
        guard let id = event.string(idField) else { return .missingField(event, idField) }
        guard !tracked.isOpen(id) else { return .alreadyOpen(event, what, id: id) }
        tracked.open.append(id)
        return nil
    }

    private static func touch(
        _ event: AGUIEvent,
        idField: String,
        what: String,
        family: String,
        closing: Bool,
        in tracked: inout Tracked
    ) -> ProtocolViolation? {
        guard let id = event.string(idField) else { return .missingField(event, idField) }
        guard tracked.isOpen(id) else { return .notOpen(event, what, id: id, ended: tracked.ended.contains(id), family: family) }
        if closing { tracked.close(id) }
        return nil
    }

    /// "step plan", "text message m1", "tool call c1": what RUN_FINISHED or the end of the stream
    /// would leave dangling. A legacy thinking block is named only at the end of the stream: the
    /// ordering rules do not forbid RUN_FINISHED inside one.
    private func openItems(includingThinking: Bool) -> [String] {
        var items = steps.map { "step \($0)" }
        items += messages.open.map { "text message \($0)" }
        items += toolCalls.open.map { "tool call \($0)" }
        if includingThinking && thinkingMessage { items.append("a thinking text message") }
        if includingThinking && thinking { items.append("a thinking block") }
        return items
    }
}
