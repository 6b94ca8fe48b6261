/// An AG-UI stream that breaks the protocol's ordering rules (protocols/ag-ui.md section 1.5).
///
/// A QA engineer sees `description` as the reason their flow failed, so it reads as one sentence:
/// what happened, the rule it breaks, and the offending event. The rule texts live in
/// `ProtocolViolation+Rules.swift`, one place, pinned by the tests.
public struct ProtocolViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule that was broken, as a sentence fragment: "RUN_FINISHED is illegal while …".
    public var rule: String
    /// The offending event's description (`RUN_FINISHED (runId r1)`), or nil when the violation is
    /// that the stream ended.
    public var event: String?
    /// What happened: "RUN_FINISHED while text message m1 is still open".
    public var message: String

    /// Creates a violation.
    public init(rule: String, message: String, event: String? = nil) {
        self.rule = rule
        self.message = message
        self.event = event
    }

    /// `AG-UI protocol violation: <what happened> (rule: <rule>; offending event: <event>)`.
    public var description: String {
        let event = event.map { "; offending event: \($0)" } ?? ""
        return "AG-UI protocol violation: \(message) (rule: \(rule)\(event))"
    }
}
