import ParleyModel

/// What a user action must be for a rule to match.
public enum ScriptTrigger: Hashable, Sendable {
    /// A message (typed or tapped) the regex finds.
    case text(ScriptRegex)
    /// A tap on exactly this suggestion.
    case tap(String)
    /// A form submitted.
    case submit(formID: String)
    /// A card button clicked, optionally on one card only.
    case click(elementID: String, card: String?)
    /// A slot picked in this scheduler.
    case schedule(schedulerID: String)
    /// A frontend tool answered; `result` must be a subset of the answer.
    case toolResult(tool: String, result: JSONValue?)
    /// An interrupt answered, optionally only this one.
    case resume(ResumeDecision, interruptID: String?)
    /// The user ended the session.
    case end

    /// The trigger's keyword, as scripts write it.
    public var keyword: String {
        switch self {
        case .text: return "text"
        case .tap: return "tap"
        case .submit: return "submit"
        case .click: return "click"
        case .schedule: return "schedule"
        case .toolResult: return "tool_result"
        case .resume: return "resume"
        case .end: return "end"
        }
    }

    /// Every trigger keyword.
    public static let keywords = ["text", "tap", "submit", "click", "schedule", "tool_result", "resume", "end"]
}
