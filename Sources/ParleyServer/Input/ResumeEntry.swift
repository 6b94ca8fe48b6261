import ParleyModel

/// One answer to an interrupt in a RunAgentInput's `resume` (ag-ui.md 1.2).
public struct ResumeEntry: Hashable, Sendable {
    /// AG-UI's resume statuses.
    public enum Status: String, Hashable, Sendable, CaseIterable {
        case resolved, cancelled
    }

    public var interruptID: String
    public var status: Status
    public var payload: JSONValue?

    /// Creates an entry.
    public init(interruptID: String, status: Status, payload: JSONValue? = nil) {
        self.interruptID = interruptID
        self.status = status
        self.payload = payload
    }

    /// Reads one entry; `path` names it in errors (`resume[0]`).
    init(json: JSONValue, path: String) throws(RunInputError) {
        let reader = FieldReader(value: json, path: path)
        interruptID = try reader.string("interruptId")
        let statusText = try reader.string("status")
        guard let status = Status(rawValue: statusText) else {
            throw RunInputError("\(path).status \"\(statusText)\" is not resolved or cancelled")
        }
        self.status = status
        payload = json["payload"]
    }

    /// The simulator's answer: a cancelled interrupt or a payload with `approved: false` denies,
    /// anything else approves; the payload goes along either way.
    public var action: UserAction {
        let denied: Bool
        switch status {
        case .cancelled: denied = true
        case .resolved: denied = payload?["approved"] == .bool(false)
        }
        return .resume(interruptID: interruptID, decision: denied ? .deny : .approve, payload: payload)
    }
}
