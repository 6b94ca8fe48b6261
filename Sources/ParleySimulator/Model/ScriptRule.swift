import ParleyModel

/// One rule: when it applies, an optional table lookup, and what it plays.
public struct ScriptRule: Hashable, Sendable {
    /// A name for transcripts and messages; `rule N` when the script gives none.
    public var id: String
    /// The rule matches when any of these does.
    public var when: [RuleCondition]
    /// A row to find before the rule counts as matching.
    public var lookup: ScriptLookup?
    /// What the rule plays.
    public var body: RuleBody
    /// Where the rule starts.
    public var location: SourceLocation

    /// Creates a rule.
    public init(id: String, when: [RuleCondition], lookup: ScriptLookup? = nil, body: RuleBody, location: SourceLocation) {
        self.id = id
        self.when = when
        self.lookup = lookup
        self.body = body
        self.location = location
    }
}

/// One entry of a rule's `when`: a trigger and the qualifiers that narrow it.
public struct RuleCondition: Hashable, Sendable {
    /// What the user did.
    public var trigger: ScriptTrigger
    /// Only in this conversation state.
    public var state: String?
    /// Only when these remembered values are equal, in the order written.
    public var memory: [JSONMember]
    /// Where the entry is.
    public var location: SourceLocation

    /// Creates a condition.
    public init(trigger: ScriptTrigger, state: String? = nil, memory: [JSONMember] = [], location: SourceLocation) {
        self.trigger = trigger
        self.state = state
        self.memory = memory
        self.location = location
    }
}

/// `lookup: { table, key, as }`: the row of `table` at the rendered `key`, named `as`.
public struct ScriptLookup: Hashable, Sendable {
    /// The table's name.
    public var table: String
    /// The key, rendered with the trigger's bindings.
    public var key: Template
    /// The name the row is bound to (`${as.field}`).
    public var name: String

    /// Creates a lookup.
    public init(table: String, key: Template, name: String) {
        self.table = table
        self.key = key
        self.name = name
    }
}

/// What a rule plays: one list, or a different list on each match.
public enum RuleBody: Hashable, Sendable {
    /// The same events every time.
    case play([PlayStep])
    /// One list per match, in order; the last repeats.
    case cycle([[PlayStep]])
}
