/// Every rule the chunk expander and the run verifier enforce, worded once so tests can pin them.
extension ProtocolViolation {
    // MARK: Runs

    static func firstEvent(_ event: AGUIEvent) -> ProtocolViolation {
        ProtocolViolation(
            rule: "the first event must be RUN_STARTED or RUN_ERROR",
            message: "the stream began with \(event.type) before any RUN_STARTED",
            event: event.description
        )
    }

    static func runAlreadyActive(_ event: AGUIEvent, activeRun: String?) -> ProtocolViolation {
        ProtocolViolation(
            rule: "a new run may start only after the previous one ended with RUN_FINISHED or RUN_ERROR",
            message: "RUN_STARTED while \(runName(activeRun)) is still active",
            event: event.description
        )
    }

    static func afterRunError(_ event: AGUIEvent) -> ProtocolViolation {
        ProtocolViolation(
            rule: "after RUN_ERROR only a new RUN_STARTED may follow",
            message: "\(event.type) after the run ended with RUN_ERROR",
            event: event.description
        )
    }

    static func afterRunFinished(_ event: AGUIEvent, finishedRun: String?) -> ProtocolViolation {
        ProtocolViolation(
            rule: "after RUN_FINISHED only RUN_ERROR or a new RUN_STARTED may follow",
            message: "\(event.type) after \(runName(finishedRun)) finished",
            event: event.description
        )
    }

    static func finishedWhileOpen(_ event: AGUIEvent, open: [String]) -> ProtocolViolation {
        ProtocolViolation(
            rule: "RUN_FINISHED is illegal while a text message, tool call or step is open",
            message: "RUN_FINISHED while \(list(open)) \(open.count == 1 ? "is" : "are") still open",
            event: event.description
        )
    }

    static func unterminatedRun(_ runId: String?, open: [String]) -> ProtocolViolation {
        let still = open.isEmpty ? "" : ", with \(list(open)) still open"
        return ProtocolViolation(
            rule: "every run ends with RUN_FINISHED or RUN_ERROR",
            message: "the stream ended before RUN_FINISHED or RUN_ERROR of \(runName(runId))\(still)"
        )
    }

    static let noRun = ProtocolViolation(
        rule: "a stream holds at least one run, from RUN_STARTED to RUN_FINISHED or RUN_ERROR",
        message: "the stream ended before any run started"
    )

    // MARK: Messages, tool calls and steps

    static func missingField(_ event: AGUIEvent, _ field: String) -> ProtocolViolation {
        ProtocolViolation(
            rule: "an event that opens or closes a message, tool call or step carries its id",
            message: "\(event.type) has no string \(field)",
            event: event.description
        )
    }

    /// `what` reads "text message" or "tool call".
    static func alreadyOpen(_ event: AGUIEvent, _ what: String, id: String) -> ProtocolViolation {
        ProtocolViolation(
            rule: "\(event.type) must not repeat the id of a \(what) that is still open",
            message: "\(event.type) for \(what) \(id), which is already open",
            event: event.description
        )
    }

    /// `family` names the event types the rule covers: "TOOL_CALL_ARGS and TOOL_CALL_END".
    static func notOpen(_ event: AGUIEvent, _ what: String, id: String, ended: Bool, family: String) -> ProtocolViolation {
        ProtocolViolation(
            rule: "\(family) must refer to an open \(what)",
            message: "\(event.type) for \(what) \(id), which \(ended ? "already ended" : "was never started")",
            event: event.description
        )
    }

    static func stepAlreadyActive(_ event: AGUIEvent, name: String) -> ProtocolViolation {
        ProtocolViolation(
            rule: "a step cannot be started again while it is active",
            message: "STEP_STARTED for step \(name), which is already active",
            event: event.description
        )
    }

    static func stepNotActive(_ event: AGUIEvent, name: String) -> ProtocolViolation {
        ProtocolViolation(
            rule: "STEP_FINISHED must match an active STEP_STARTED of the same stepName",
            message: "STEP_FINISHED for step \(name), which is not active",
            event: event.description
        )
    }

    // MARK: Legacy THINKING_*

    static func thinkingAlreadyOpen(_ event: AGUIEvent) -> ProtocolViolation {
        ProtocolViolation(
            rule: "only one THINKING_START…THINKING_END block may be open at a time",
            message: "THINKING_START while a thinking block is already open",
            event: event.description
        )
    }

    static func thinkingNotOpen(_ event: AGUIEvent) -> ProtocolViolation {
        ProtocolViolation(
            rule: "THINKING_END and THINKING_TEXT_MESSAGE_* belong inside THINKING_START…THINKING_END",
            message: "\(event.type) with no open THINKING_START",
            event: event.description
        )
    }

    static func thinkingEndsWithMessageOpen(_ event: AGUIEvent) -> ProtocolViolation {
        ProtocolViolation(
            rule: "THINKING_END and THINKING_TEXT_MESSAGE_* belong inside THINKING_START…THINKING_END",
            message: "THINKING_END while a thinking text message is still open",
            event: event.description
        )
    }

    static func thinkingMessageAlreadyOpen(_ event: AGUIEvent) -> ProtocolViolation {
        ProtocolViolation(
            rule: "only one thinking text message may be open at a time",
            message: "THINKING_TEXT_MESSAGE_START while a thinking text message is already open",
            event: event.description
        )
    }

    static func thinkingMessageNotOpen(_ event: AGUIEvent) -> ProtocolViolation {
        ProtocolViolation(
            rule: "THINKING_TEXT_MESSAGE_CONTENT and THINKING_TEXT_MESSAGE_END need an open THINKING_TEXT_MESSAGE_START",
            message: "\(event.type) with no open thinking text message",
            event: event.description
        )
    }

    // MARK: Chunks

    static func chunkWithoutId(_ event: AGUIEvent, field: String, starts what: String) -> ProtocolViolation {
        ProtocolViolation(
            rule: "the first \(event.type) of a \(what) must carry its \(field)",
            message: "\(event.type) starts a new \(what) but has no \(field)",
            event: event.description
        )
    }

    static func toolChunkWithoutName(_ event: AGUIEvent, toolCallId: String) -> ProtocolViolation {
        ProtocolViolation(
            rule: "the first TOOL_CALL_CHUNK of a tool call must carry toolCallId and toolCallName",
            message: "TOOL_CALL_CHUNK starts tool call \(toolCallId) but has no toolCallName",
            event: event.description
        )
    }

    // MARK: Wording

    private static func runName(_ runId: String?) -> String {
        runId.map { "run \($0)" } ?? "the run"
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
