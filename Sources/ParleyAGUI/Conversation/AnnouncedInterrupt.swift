import ParleyCore
import ParleyModel

/// An interrupt as the agent announced it, before the run's RUN_FINISHED says whether it stands.
struct AnnouncedInterrupt: Hashable, Sendable {
    var id: String
    var reason: String?
    var payload: JSONValue
    var channel: ResumeChannel

    /// An AG-UI interrupt object (`{ id, reason?, message?, toolCallId?, metadata?, … }`), as a
    /// RUN_FINISHED outcome lists it; nil without a string `id`. Its payload is its metadata, or
    /// without metadata, what else it carries (message, toolCallId, responseSchema…).
    init?(interrupt: JSONValue) {
        guard case .string(let id)? = interrupt["id"] else { return nil }
        self.id = id
        channel = .resumeEntries
        if case .string(let text)? = interrupt["reason"] { reason = text }
        if let metadata = interrupt["metadata"], metadata != .null {
            payload = metadata
        } else if case .object(let members) = interrupt {
            payload = .object(members.filter { $0.key != "id" && $0.key != "reason" })
        } else {
            payload = .object([])
        }
    }

    /// A CUSTOM `on_interrupt` (the default of ag-ui-langgraph and ag-ui-crewai, which end the run
    /// with a plain RUN_FINISHED). ag-ui-crewai's value is an AG-UI interrupt object, answered in
    /// `resume[]`. ag-ui-langgraph's is the value given to `interrupt()` as JSON text (or the text
    /// itself), with the interrupt's id only in the event's `rawEvent`; it is answered through
    /// `forwardedProps.command.resume`; its id is empty when `rawEvent` does not name it.
    init(onInterrupt event: AGUIEvent) {
        let value = event["value"] ?? .null
        if case .object = value, let standard = AnnouncedInterrupt(interrupt: value) {
            self = standard
            return
        }
        var parsed = value
        if case .string(let text) = value { parsed = (try? JSONValue(parsing: text)) ?? value }
        if case .string(let id)? = event["rawEvent"]?["id"] { self.id = id } else { self.id = "" }
        // ag-ui-langgraph itself reads a reason from an object value.
        if case .string(let text)? = parsed["reason"] { reason = text }
        payload = parsed
        channel = .langGraphCommand
    }

    var event: AgentEvent { .interrupt(id: id, reason: reason, payload: payload) }
}
