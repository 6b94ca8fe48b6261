import ParleyModel

/// Runs one flow as a pure state machine (STYLE 11): inputs are agent events, deadlines and the
/// results of actions, each with the clock's reading; outputs are notes for plugins and the next
/// command for the runner. No clock, no I/O, so every timing rule is testable without either.
public struct FlowInterpreter: Sendable {
    /// What the interpreter needs beyond the flow.
    public struct Settings: Sendable {
        /// The wait for expectations when neither the step nor the flow sets one (parley.yaml's default, else 10 s).
        public var defaultTimeout: Duration
        /// Values that override everything else (`--var`).
        public var overrides: [String: JSONValue]
        /// A `data:` row: overrides the flow's `vars:`.
        public var row: [Assignment]
        /// Reads `${env.X}` and `${secret.X}`.
        public var environment: @Sendable (Reference) -> String?
        /// Whether the agent greets first (the session says).
        public var agentSpeaksFirst: Bool
        /// Silence that ends a turn when the connector never says `turn_ended`.
        public var quietPeriod: Duration
        /// How long a read without `within:` goes on waiting once the turn has ended (parley.yaml's `defaults.settle`).
        public var settle: Duration
        /// Counts the events matched against patterns (tests hold a long turn's work to linear).
        public var evaluations: EvaluationCounter?

        /// Creates settings.
        public init(
            defaultTimeout: Duration = ProjectDefaults.fallbackTimeout, overrides: [String: JSONValue] = [:], row: [Assignment] = [],
            environment: @escaping @Sendable (Reference) -> String? = { _ in nil }, agentSpeaksFirst: Bool = false,
            quietPeriod: Duration = .seconds(2), settle: Duration = ProjectDefaults.fallbackSettle, evaluations: EvaluationCounter? = nil
        ) {
            self.defaultTimeout = defaultTimeout
            self.overrides = overrides
            self.row = row
            self.environment = environment
            self.agentSpeaksFirst = agentSpeaksFirst
            self.quietPeriod = quietPeriod
            self.settle = settle
            self.evaluations = evaluations
        }
    }

    let flow: Flow
    let settings: Settings
    let flowStart: Duration
    var variables: [String: JSONValue] = [:]
    var conversation: Conversation
    var frames: [Frame]
    var pending: PendingStep?
    var outcome: FlowOutcome?
    var notes: [InterpreterNote] = []
    /// Values staged by `fill` steps without `submit`, per form id.
    var staged: [String: [JSONMember]] = [:]
    /// Every finished step, in the order they finished.
    public private(set) var results: [StepResult] = []
    /// Agent events received.
    public private(set) var eventCount = 0
    /// The models' answers to the `similar` and `judge` questions asked so far.
    var meaning: [MeaningQuestion: MeaningAnswer] = [:]
    /// Collects unanswered questions and the checks made (set by the runner for flows that ask models).
    public var probe: MeaningProbe?

    /// Creates an interpreter for `flow`, started at the clock reading `now`.
    public init(flow: Flow, settings: Settings = Settings(), at now: Duration) {
        self.flow = flow
        self.settings = settings
        flowStart = now
        conversation = Conversation(openedAt: now, agentSpeaksFirst: settings.agentSpeaksFirst, quietPeriod: settings.quietPeriod)
        frames = [Frame(steps: flow.steps)]
    }

    var interpolation: Interpolation { Interpolation(variables: variables, environment: settings.environment) }
    var evaluator: MatcherEvaluator {
        MatcherEvaluator(interpolation: interpolation, counter: settings.evaluations, meaning: meaning, probe: probe)
    }

    /// Answers from the models, for the questions a probe found; the next input is judged with them.
    public mutating func learn(_ answers: [MeaningQuestion: MeaningAnswer]) {
        meaning.merge(answers) { _, new in new }
    }

    /// Sets the flow's variables and runs up to the first wait.
    public mutating func start() -> InterpreterOutput {
        let rowNames = Set(settings.row.map(\.name))
        let assignments = flow.vars.filter { !rowNames.contains($0.name) } + settings.row
        for assignment in assignments where settings.overrides[assignment.name] == nil {
            switch interpolation.render(assignment.value) {
            case .success(let (value, secrets)):
                variables[assignment.name] = value
                noteSecrets(secrets)
            case .failure(let failure):
                // At the variable, printed before the message, which need not repeat a place.
                fail(StepFailure(message: failure.message, cause: .mismatch, location: assignment.location), at: flowStart)
                return output()
            }
        }
        variables.merge(settings.overrides) { _, override in override }
        advance(at: flowStart)
        return output()
    }

    /// An event arrived.
    public mutating func received(_ event: AgentEvent, at now: Duration) -> InterpreterOutput {
        guard outcome == nil else { return output() }
        eventCount += 1
        let offset = conversation.record(event, at: now)
        notes.append(.agentEvent(event, offset: offset))
        resume(at: now)
        return output()
    }

    /// The deadline of the last `awaitEvent` passed with no event.
    public mutating func deadlinePassed(at now: Duration) -> InterpreterOutput {
        guard outcome == nil else { return output() }
        resume(at: now)
        return output()
    }

    /// The runner performed the action it was asked to.
    public mutating func actionPerformed(at now: Duration) -> InterpreterOutput {
        guard outcome == nil, let current = pending, case .performing = current.wait else { return output() }
        pending = nil
        pass(current, at: now)
        advance(at: now)
        return output()
    }

    /// The session failed: the flow fails at the current step, whatever `retry` says (the session is gone).
    public mutating func transportFailed(_ error: ConnectorError, at now: Duration) -> InterpreterOutput {
        guard outcome == nil else { return output() }
        let location = pending?.step.location ?? flow.location
        let waited = pending.map { now - $0.started } ?? .zero
        if let current = pending {
            record(current.info, .failed(StepFailure(message: error.message, cause: .transport, location: location, waited: waited)),
                   started: current.started, at: now)
            pending = nil
        }
        finishFailed(StepFailure(message: error.message, cause: .transport, location: location, waited: waited), at: now)
        return output()
    }

    /// The outcome, once the flow is over.
    public var finalOutcome: FlowOutcome? { outcome }

    // MARK: - Driving

    /// Re-judges the pending step after an event or a deadline, then runs on.
    mutating func resume(at now: Duration) {
        if pending != nil { judgePending(at: now) }
        advance(at: now)
    }

    /// Runs steps until one has to wait or the flow is over.
    mutating func advance(at now: Duration) {
        while outcome == nil && pending == nil {
            guard let top = frames.last else {
                outcome = results.contains { if case .flaky = $0.outcome { true } else { false } } ? .flaky : .passed
                return
            }
            if top.index >= top.steps.count {
                closeFrame(at: now)
                continue
            }
            let step = top.steps[top.index]
            frames[frames.count - 1].index += 1
            begin(step, at: now)
        }
    }

    mutating func output() -> InterpreterOutput {
        defer { notes = [] }
        let command: InterpreterCommand
        if let outcome {
            command = .finish(outcome)
        } else if let pending {
            command = self.command(for: pending)
        } else {
            command = .finish(.passed)  // unreachable: advance always leaves a pending step or an outcome
        }
        return InterpreterOutput(notes: notes, command: command)
    }

    private func command(for pending: PendingStep) -> InterpreterCommand {
        if case .performing(let action) = pending.wait { return .perform(action) }
        return .awaitEvent(until: wakeTime(for: pending) ?? pending.started)
    }

    // MARK: - Results

    mutating func noteSecrets(_ secrets: Set<String>) {
        if !secrets.isEmpty { notes.append(.secrets(secrets)) }
    }

    mutating func record(_ info: StepInfo, _ outcome: StepOutcome, started: Duration, at now: Duration) {
        var result = StepResult(step: info, outcome: outcome, started: started - flowStart, duration: now - started)
        result.meaning = probe?.takeChecks() ?? []
        // A model that could not answer is asked again by the next step (a `retry` of this one, say).
        if !result.meaning.isEmpty { meaning = meaning.filter { if case .unavailable = $0.value { false } else { true } } }
        // Reports carry what the turn measured; latencies count from a user action, so the opening turn has none.
        if !conversation.isOpening {
            for measure in LatencyMeasure.allCases { result.latencies[measure] = conversation.turn.latency(measure) }
        }
        results.append(result)
        notes.append(.stepFinished(result))
        if case .flaky = outcome, !frames.isEmpty { frames[frames.count - 1].sawFlaky = true }
    }

    mutating func pass(_ step: PendingStep, at now: Duration) {
        record(step.info, .passed, started: step.started, at: now)
    }

    /// The timeout for a step: its own `within`, then the flow's, then the project's (or 10 s).
    func timeout(_ within: Duration?) -> Duration {
        within ?? flow.timeout ?? settings.defaultTimeout
    }
}
