/// The keys of the mappings inside steps, and of `defaults:` in parley.yaml: what `StepParser`
/// accepts and requires, and what `parley schema` lists and describes.
enum OptionKeys {
    /// `send: { text, wait }`.
    static let send: [KeyDeclaration] = [
        KeyDeclaration("text", required: true, "The message text."),
        KeyDeclaration("wait", "false: send at once, without waiting for the agent's turn to end first (default true)."),
    ]

    /// Beside the event in `expect: { <event>: …, within, latency, count }`.
    static let expectation: [KeyDeclaration] = [
        KeyDeclaration(
            "within", aliases: ["timeout", "wait"],
            "How long this expectation waits for its event, the whole window whatever the turn does (default: the flow's timeout)."),
        KeyDeclaration("latency", "Bounds on how long the event took from the user action, like { first_token: { lt: 2s } }."),
        KeyDeclaration("count", "How many matching events the turn must hold: a number, or bounds like { gte: 2 }."),
    ]

    /// Beside the event in `expect_no: { <event>: …, for }`.
    static let absence: [KeyDeclaration] = [
        KeyDeclaration("for", aliases: ["timeout", "within", "wait", "window"], "Watch this long, instead of until the turn ends.")
    ]

    /// `expect_sequence: { events, within }`.
    static let sequence: [KeyDeclaration] = [
        KeyDeclaration("events", required: true, "The events, in the order they must arrive."),
        KeyDeclaration("within", aliases: ["timeout", "wait"], "How long to wait for the last of them (default: the flow's timeout)."),
    ]

    /// `click: { element, card, refused }`.
    static let click: [KeyDeclaration] = [
        KeyDeclaration("element", required: true, "The button's element id."),
        KeyDeclaration("card", "The card's message id, when more than one card is on screen."),
        KeyDeclaration("refused", "The click must be refused, before anything is sent, with a reason this matches."),
    ]

    /// `schedule: { slot, scheduler, refused }`.
    static let schedule: [KeyDeclaration] = [
        KeyDeclaration("slot", required: true, "The slot's start: 2026-11-23T09:30, or a weekday and time like monday 09:30."),
        KeyDeclaration("scheduler", "The scheduler's message id, when more than one is on screen."),
        KeyDeclaration("refused", "The slot must be refused, before anything is sent, with a reason this matches."),
    ]

    /// `respond_tool: { name, id, result }`; `name` or `id` is required too.
    static let respondTool: [KeyDeclaration] = [
        KeyDeclaration("name", "The tool's name: the latest unanswered call to it is answered."),
        KeyDeclaration("id", "The call's id, to answer one call among several."),
        KeyDeclaration("result", required: true, "The result handed back to the agent."),
    ]

    /// `resume: { decision, payload, interrupt }`.
    static let resume: [KeyDeclaration] = [
        KeyDeclaration("decision", required: true, "approve or deny."),
        KeyDeclaration("payload", "Extra data for the agent."),
        KeyDeclaration("interrupt", "The interrupt's id, when more than one is open."),
    ]

    /// One variable of `capture: { name: { from, regex, group, json_path, within } }`.
    static let capture: [KeyDeclaration] = [
        KeyDeclaration("from", required: true, "The event to take the value from: the latest of this kind in the current turn."),
        KeyDeclaration("regex", "A regular expression over the event's main field; the value is one of its groups."),
        KeyDeclaration("group", "The group of regex to take (default 1; 0 is the whole match)."),
        KeyDeclaration("json_path", "A JSON path into the event instead, like $.args.order_id."),
        KeyDeclaration("within", aliases: ["timeout", "wait"], "How long to wait for the event (default: the flow's timeout)."),
    ]

    /// `repeat: { times | until, max, steps }`.
    static let `repeat`: [KeyDeclaration] = [
        KeyDeclaration("times", "Run the steps this many times."),
        KeyDeclaration("until", "Or run them until this condition holds after a pass."),
        KeyDeclaration("max", "With until:, the most passes before the step fails (default 10)."),
        KeyDeclaration("steps", required: true, "The steps to repeat."),
    ]

    /// `retry: { attempts, on, delay, steps }`.
    static let retry: [KeyDeclaration] = [
        KeyDeclaration("attempts", "Attempts in all, the first included (default 2)."),
        KeyDeclaration("on", "The failures that start another attempt: timeout, transport, mismatch (default timeout and transport)."),
        KeyDeclaration("delay", "The pause between attempts."),
        KeyDeclaration("steps", required: true, "The steps to run again."),
    ]

    /// A condition of `if:` or `repeat: { until: … }`: one of `var` (with `is`), `received`, `all`, `any`, `not`.
    static let condition: [KeyDeclaration] = [
        KeyDeclaration("var", "A variable's name; is: says what its value must be."),
        KeyDeclaration("is", "A value or matcher the variable of var: must satisfy."),
        KeyDeclaration("received", "An event of the current turn matches this pattern (the condition waits for the turn to decide)."),
        KeyDeclaration("all", "Every one of these conditions holds."),
        KeyDeclaration("any", "At least one of these conditions holds."),
        KeyDeclaration("not", "This condition does not hold."),
    ]

    /// An agent, under `agents:` or inline in a flow: `connector:`, then that connector's own settings.
    static let agent: [KeyDeclaration] = [
        KeyDeclaration("connector", required: true, "The connector that talks to the agent; it decides which settings the agent may have.")
    ]

    /// `defaults: { agent, timeout, settle }` in parley.yaml.
    static let projectDefaults: [KeyDeclaration] = [
        KeyDeclaration("agent", "The agent of flows that name none, from agents:."),
        KeyDeclaration("timeout", "How long an expectation waits when neither its step nor its flow says (default 10s)."),
        KeyDeclaration("settle", "How long an expect without within: goes on waiting once the agent's turn has ended (default 1s)."),
    ]
}
