import ParleyCore
import ParleyModel

/// What an interaction asks of the agent script (wire contract, "Interactions"): a form's submit
/// button submits the values the latest `/actions` body for the message carried, a scheduler's
/// button picks the slot it carried, anything else is a click. Pure: the hub finds the message and
/// the body, this reads them.
enum CometChatInteraction {
    /// The action for `element` of `message`, given the latest `/actions` body for it (or nil).
    static func action(for element: String, of message: CometChatMessage, actionBody: JSONValue?) -> UserAction {
        let name = message.muid ?? String(message.id)
        let interactive = message.data["interactiveData"]
        let data = actionBody?["data"]
        switch message.type {
        case "form" where interactive?["submitElement"]?["elementId"] == .string(element):
            return .submit(formID: name, values: values(data?["formData"], fields: interactive?["formFields"]), button: element)
        case "scheduler" where interactive?["scheduleElement"]?["elementId"] == .string(element):
            var slot = ""
            if case .string(let start)? = data?["schedulerData"]?["meetStartAt"] {
                // meetStartAt is an instant in UTC; the script's availability is the scheduler's wall clock.
                let rules = SchedulerRules(schedulerID: name, data: interactive ?? .null)
                slot = rules.slot(meetStartAt: start) ?? self.slot(start)
            }
            return .schedule(messageID: name, slot: slot)
        default:
            return .click(messageID: name, elementID: element)
        }
    }

    /// `formData` as the simulator's values: the form's fields in form order, then anything else
    /// it carried (which the simulator refuses, naming it).
    static func values(_ formData: JSONValue?, fields: JSONValue?) -> [JSONMember] {
        guard case .object(let given)? = formData else { return [] }
        var order: [String] = []
        if case .array(let items)? = fields {
            order = items.compactMap { field in
                if case .string(let id)? = field["elementId"] { return id }
                return nil
            }
        }
        let known = order.compactMap { id in given.first { $0.key == id } }
        return known + given.filter { member in !order.contains(member.key) }
    }

    /// An ISO 8601 `meetStartAt` as a simulator slot: `2026-11-24T10:30:00Z` is `2026-11-24T10:30`
    /// (the simulator reads minutes only); anything else as it is, for the simulator to refuse.
    static func slot(_ start: String) -> String {
        let characters = Array(start)
        guard characters.count >= 16, characters[10] == "T", characters[13] == ":" else { return start }
        return String(characters[0..<16])
    }
}
