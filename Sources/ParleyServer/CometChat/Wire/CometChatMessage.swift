import ParleyModel

/// A message as the server keeps it (wire contract, "Message JSON"): REST answers, `message`
/// frames and the message lists are all made from this. `data` is kept without `entities`, which
/// are added when the message is written out.
struct CometChatMessage: Hashable, Sendable {
    var id: Int
    /// The sender's own name for the message: the client's `muid`, or the agent script's id of an
    /// interactive message (PARLEY).
    var muid: String?
    var conversationID: String
    var sender: String
    var address: CometChatAddress
    var category: String
    var type: String
    /// Unix seconds.
    var sentAt: Int
    var updatedAt: Int
    var data: JSONValue
    /// An interactive message's goal, to tell when the interactions first meet it.
    var goal: InteractionGoal?
    /// Whether `interaction_completed` went out for it (it goes out once).
    var goalMet = false

    /// Who the entities name: the agent by its uid, with its name and role `@agentic`.
    struct People: Hashable, Sendable {
        var agentUID: String
        var agentName: String

        func user(_ uid: String) -> JSONValue {
            let agent = uid == agentUID
            return .object([
                JSONMember("uid", .string(uid)), JSONMember("name", .string(agent ? agentName : uid)),
                JSONMember("role", .string(agent ? "@agentic" : "default")),
            ])
        }

        func entity(_ address: CometChatAddress) -> JSONValue {
            switch address {
            case .user(let uid):
                return .object([JSONMember("entity", user(uid)), JSONMember("entityType", "user")])
            case .group(let guid):
                let group = JSONValue.object([JSONMember("guid", .string(guid)), JSONMember("name", .string(guid))])
                return .object([JSONMember("entity", group), JSONMember("entityType", "group")])
            }
        }
    }

    /// The message JSON as CometChat's backend writes it (the SDK's test `MessagePayloads`): the
    /// sender only under `data.entities.sender.entity`, which is where the SDK reads it (no
    /// top-level `sender`), the receiver both as `receiver` and under `data.entities.receiver`.
    func json(_ people: People) -> JSONValue {
        var members: [JSONMember] = [JSONMember("id", .number(Double(id)))]
        if let muid { members.append(JSONMember("muid", .string(muid))) }
        members += [
            JSONMember("conversationId", .string(conversationID)), JSONMember("receiver", .string(address.receiver)), JSONMember("receiverType", .string(address.receiverType)),
            JSONMember("category", .string(category)), JSONMember("type", .string(type)),
            JSONMember("sentAt", .number(Double(sentAt))), JSONMember("updatedAt", .number(Double(updatedAt))),
        ]
        let entities = JSONValue.object([
            JSONMember("sender", .object([JSONMember("entity", people.user(sender)), JSONMember("entityType", "user")])),
            JSONMember("receiver", people.entity(address)),
        ])
        var fields: [JSONMember] = []
        if case .object(let given) = data { fields = given.filter { $0.key != "entities" } }
        members.append(JSONMember("data", .object(fields + [JSONMember("entities", entities)])))
        return .object(members)
    }

    /// The elements a user can interact with: every `elementId` in `data.interactiveData`, in
    /// order (form fields, buttons, card actions, a scheduler's button).
    var elementIDs: [String] {
        var ids: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for member in members {
                    if member.key == "elementId", case .string(let id) = member.value, !ids.contains(id) { ids.append(id) }
                    collect(member.value)
                }
            case .array(let items):
                items.forEach(collect)
            case .null, .bool, .number, .string:
                break
            }
        }
        if let interactive = data["interactiveData"] { collect(interactive) }
        return ids
    }

    /// The element ids in `data.interactions`, in the order they were recorded.
    var interactedIDs: [String] {
        guard case .array(let items)? = data["interactions"] else { return [] }
        return items.compactMap { item in
            if case .string(let id)? = item["elementId"] { return id }
            return nil
        }
    }

    /// Adds `{elementId, interactedAt}` to `data.interactions`.
    mutating func recordInteraction(_ elementID: String, at seconds: Double) {
        let entry = JSONValue.object([JSONMember("elementId", .string(elementID)), JSONMember("interactedAt", .number(seconds))])
        guard case .object(var members) = data else { return }
        if let index = members.firstIndex(where: { $0.key == "interactions" }), case .array(let items) = members[index].value {
            members[index].value = .array(items + [entry])
        } else {
            members.append(JSONMember("interactions", .array([entry])))
        }
        data = .object(members)
    }
}
