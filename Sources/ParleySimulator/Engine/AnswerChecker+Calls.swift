import ParleyModel

/// Answers to open tool calls and interrupts.
extension AnswerChecker {
    /// A `respond_tool`: by call id, or the newest open call to `name` when the id is empty.
    mutating func respondTool(callID: String, name: String, result: JSONValue) -> Result<Incoming, Rejection> {
        let index = callID.isEmpty ? state.pendingCalls.lastIndex { $0.name == name } : state.pendingCalls.lastIndex { $0.id == callID }
        guard let index else {
            let open = state.pendingCalls.filter(\.frontend).map { "\($0.id) (\($0.name))" }
            let subject = callID.isEmpty ? "no call to '\(name)' is waiting for an answer" : "no open tool call has id '\(callID)'"
            let listing = open.isEmpty ? "no frontend tool call is open" : "open calls: \(open.joined(separator: ", "))"
            return .failure(Rejection(message: "tool answer refused: \(subject) (\(listing))", code: "unknown_tool_call"))
        }
        let call = state.pendingCalls[index]
        guard call.frontend else {
            return .failure(
                Rejection(
                    message: "tool answer refused: call '\(call.id)' (\(call.name)) is a backend tool call; the agent answers it itself",
                    code: "unknown_tool_call"))
        }
        if !name.isEmpty, name != call.name {
            return .failure(
                Rejection(message: "tool answer refused: call '\(call.id)' is to '\(call.name)', not '\(name)'", code: "unknown_tool_call"))
        }
        state.pendingCalls.remove(at: index)
        return .success(.toolResult(callID: call.id, tool: call.name, result: result))
    }

    /// A `resume`: the named interrupt, or the newest open one.
    mutating func resume(interruptID: String?, decision: ResumeDecision, payload: JSONValue?) -> Result<Incoming, Rejection> {
        let wanted = interruptID.flatMap { $0.isEmpty ? nil : $0 }
        let index = wanted.map { id in state.openInterrupts.lastIndex(of: id) } ?? state.openInterrupts.indices.last
        guard let index else {
            let open = state.openInterrupts.isEmpty ? "none is open" : "open: \(state.openInterrupts.joined(separator: ", "))"
            let subject = wanted.map { "there is no open interrupt '\($0)'" } ?? "there is no open interrupt to resume"
            return .failure(Rejection(message: "resume refused: \(subject) (\(open))", code: "no_interrupt"))
        }
        let id = state.openInterrupts.remove(at: index)
        return .success(.resume(interruptID: id, decision: decision, payload: payload))
    }
}
