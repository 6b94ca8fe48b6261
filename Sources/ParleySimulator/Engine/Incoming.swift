import ParleyCore
import ParleyModel

/// A user action once checked against the conversation: what rules match against.
enum Incoming {
    /// A typed message, or a tapped suggestion's text.
    case text(String, tapped: Bool)
    case submit(formID: String, values: [JSONMember])
    case click(cardID: String, elementID: String)
    case schedule(schedulerID: String, slot: Slot)
    case toolResult(callID: String, tool: String, result: JSONValue)
    case resume(interruptID: String, decision: ResumeDecision, payload: JSONValue?)
    case end
}

/// Why an action was refused: becomes a `run_error` the flow can read.
struct Rejection: Error {
    let message: String
    let code: String
}
