/// One step of a flow, with where it was written.
public struct Step: Hashable, Sendable {
    /// What the step does.
    public var kind: Kind
    /// Where the step starts (its first key).
    public var location: SourceLocation

    /// Creates a step.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// Every step of the flow language (DESIGN section 3).
    public indirect enum Kind: Hashable, Sendable {
        /// `send:` a user message.
        case send(SendStep)
        /// `expect:` an event of the current turn.
        case expect(Expectation)
        /// `expect_no:` no such event in the turn.
        case expectNo(Absence)
        /// `expect_sequence:` events in this order.
        case expectSequence(EventSequence)
        /// `tap:` a quick-reply suggestion the agent offered.
        case tap(Template)
        /// `fill:` form values, and `submit:` the form with a button.
        case fill(FormFill)
        /// `click:` a button of an interactive card.
        case click(Click)
        /// `schedule:` a slot of a scheduler message.
        case schedule(ScheduleSlot)
        /// `respond_tool:` answer a frontend tool call.
        case respondTool(ToolResponse)
        /// `resume:` answer an interrupt.
        case resume(Resume)
        /// `end`: end the session.
        case end
        /// `typing`: tell the agent the user is typing (it opens no turn).
        case typing
        /// `wait:` let time pass.
        case wait(Duration)
        /// `set:` variables.
        case set([Assignment])
        /// `capture:` variables from what the agent sent.
        case capture([Capture])
        /// `if:` / `then:` / `else:`.
        case conditional(Conditional)
        /// `repeat:` a block a number of times or until a condition holds.
        case loop(Loop)
        /// `include:` another flow's steps, `with:` parameters.
        case include(Include)
        /// `retry:` a block on timeouts or transport failures.
        case retry(Retry)
        /// `log:` a line in the output.
        case log(Template)
    }
}

/// The step keywords, as written in flows.
public enum StepKeyword: String, Hashable, Sendable, CaseIterable {
    case send, expect
    case expectNo = "expect_no"
    case expectSequence = "expect_sequence"
    case tap, fill, submit, click, schedule
    case respondTool = "respond_tool"
    case resume, end, typing, wait, set, capture
    case `if`, then, `else`
    case `repeat`, include, with, retry, log

    /// What the step does (or, for a companion key, what it adds), for editors and `parley schema`.
    public var summary: String {
        switch self {
        case .send: return "Send a user message, then wait for the agent's turn to end; { text: …, wait: false } does not wait."
        case .expect: return "An event of the current turn must match: an event name, or { <event>: <fields or matcher>, within: …, latency: …, count: … }."
        case .expectNo: return "No event of the turn may match: watched until the turn ends, or for a fixed window with for:."
        case .expectSequence: return "Events matching these patterns arrive in this order."
        case .tap: return "Tap a quick-reply suggestion the agent offered, by its text."
        case .fill: return "Values for a form's elements, by element id; the form is sent by submit:."
        case .submit: return "Submit the form with this button (its element id), sending the values fill: gave."
        case .click: return "Click a button of an interactive card, by its element id."
        case .schedule: return "Pick a slot of a scheduler message."
        case .respondTool: return "Answer a frontend tool call with a result."
        case .resume: return "Answer an interrupt: approve or deny."
        case .end: return "End the session."
        case .typing: return "Tell the agent the user is typing; it opens no turn."
        case .wait: return "Let this much time pass."
        case .set: return "Set variables, read as ${name}."
        case .capture: return "Set variables from what the agent sent in the current turn."
        case .if: return "A condition: the steps of then: run when it holds, those of else: otherwise."
        case .then: return "The steps run when the if: condition holds."
        case .else: return "The steps run when the if: condition does not hold."
        case .repeat: return "Run steps a number of times, or until a condition holds."
        case .include: return "Run another flow file's steps here, its path relative to this file."
        case .with: return "Values for the included file's vars:."
        case .retry: return "Run steps again when they fail for one of the named reasons."
        case .log: return "Print a line in the output."
        }
    }
}

/// `send:` — a user message.
public struct SendStep: Hashable, Sendable {
    /// The text.
    public var text: Template
    /// Whether to wait for the previous turn to end first (the default).
    public var waitForTurn: Bool

    /// Creates a send.
    public init(text: Template, waitForTurn: Bool = true) {
        self.text = text
        self.waitForTurn = waitForTurn
    }
}

/// `fill:` and `submit:` — values for a form's elements and the button that submits them.
public struct FormFill: Hashable, Sendable {
    /// Element id and value, in the order written.
    public var values: [Assignment]
    /// The submit element's id; nil when the values are only staged for a later `submit:`.
    public var submit: Template?

    /// Creates a fill.
    public init(values: [Assignment], submit: Template?) {
        self.values = values
        self.submit = submit
    }
}

/// `click:` — a button of an interactive card.
public struct Click: Hashable, Sendable {
    /// The element id.
    public var element: Template
    /// The card's message id, when more than one card is on screen.
    public var card: Template?
    /// When set, the click must be refused (before anything is sent) with a reason this matches.
    public var refused: Matcher?

    /// Creates a click.
    public init(element: Template, card: Template? = nil, refused: Matcher? = nil) {
        self.element = element
        self.card = card
        self.refused = refused
    }
}

/// `schedule:` — a slot picked from a scheduler message.
public struct ScheduleSlot: Hashable, Sendable {
    /// The slot start, ISO 8601 (`2026-11-23T09:30`), or a weekday and time (`monday 09:30`).
    public var slot: Template
    /// The scheduler's message id, when more than one is on screen.
    public var scheduler: Template?
    /// When set, the slot must be refused (before anything is sent) with a reason this matches.
    public var refused: Matcher?

    /// Creates a schedule step.
    public init(slot: Template, scheduler: Template? = nil, refused: Matcher? = nil) {
        self.slot = slot
        self.scheduler = scheduler
        self.refused = refused
    }
}

/// `respond_tool:` — the result of a frontend tool call.
public struct ToolResponse: Hashable, Sendable {
    /// The tool's name; the latest unanswered call to it is answered.
    public var name: Template?
    /// The call id, to answer one call among several.
    public var callID: Template?
    /// The result handed back to the agent.
    public var result: ValueTemplate

    /// Creates a tool response.
    public init(name: Template?, callID: Template?, result: ValueTemplate) {
        self.name = name
        self.callID = callID
        self.result = result
    }
}

/// `resume:` — the answer to an interrupt.
public struct Resume: Hashable, Sendable {
    /// Approve or deny.
    public var decision: ResumeDecision
    /// Extra data for the agent.
    public var payload: ValueTemplate?
    /// The interrupt id, when more than one is open.
    public var interrupt: Template?

    /// Creates a resume.
    public init(decision: ResumeDecision, payload: ValueTemplate? = nil, interrupt: Template? = nil) {
        self.decision = decision
        self.payload = payload
        self.interrupt = interrupt
    }
}

/// The two answers to an interrupt.
public enum ResumeDecision: String, Hashable, Sendable, CaseIterable {
    case approve, deny
}

/// A variable (or form element) name and its value.
public struct Assignment: Hashable, Sendable {
    /// The name.
    public var name: String
    /// The value.
    public var value: ValueTemplate
    /// Where the name was written.
    public var location: SourceLocation

    /// Creates an assignment.
    public init(name: String, value: ValueTemplate, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}
