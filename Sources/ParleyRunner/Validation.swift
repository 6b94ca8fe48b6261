/// What checking a project found: every problem, and what was read.
public struct Validation: Error, Sendable {
    public var findings: PlanFindings
    /// Secret values the settings read, to mask in anything shown.
    public var secrets: Set<String>
    public var flowFiles: [String]
    public var projectFiles: [String]
    /// What each flow reads (its file, includes, data, inline agent's script) and what every flow
    /// reads (parley.yaml, agent scripts): what `parley run --watch` watches.
    public var inputs = FlowInputs()

    /// Whether anything stops a run.
    public var hasErrors: Bool { findings.hasErrors }

    /// Every problem with code frames, secrets masked: what `parley validate` prints.
    public func rendered() -> String {
        findings.rendered(masking: secrets)
    }
}
