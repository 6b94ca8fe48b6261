import Logging
import Foundation
import ParleyModel

/// `PATCH /messages/{id}/interacted`: the interactions are kept, the goal checked, and the agent
/// script answers each one.
extension CometChatHub {
    /// Records `elements` of message `messageID` as interacted by `user`; pushes
    /// `interaction_completed` when the goal is first met, then plays the script's answers.
    func interact(messageID text: String, user: String, elements: [String]) -> Result<JSONValue, CometChatRestError> {
        guard let id = Int(text), var message = messages[id] else { return .failure(.messageNotFound(text)) }
        let known = message.elementIDs
        if let unknown = elements.first(where: { !known.contains($0) }) {
            let listing = known.isEmpty ? "it has no elements" : "elements: \(known.joined(separator: ", "))"
            return .failure(.badRequest("'\(unknown)' is not an element of message \(id) (\(listing))."))
        }
        let now = Date().timeIntervalSince1970
        for element in elements { message.recordInteraction(element, at: now) }
        message.updatedAt = Int(now)
        var completed: (messageID: Int, user: String)?
        if let goal = message.goal, !message.goalMet, CometChatGoal.isMet(goal, interacted: message.interactedIDs) {
            message.goalMet = true
            completed = (id, user)
        }
        messages[id] = message
        use(user: user)
        use(conversation: message.conversationID)
        logger.info("message \(id) interacted by \(user): \(elements.joined(separator: ", "))")
        if let conversation = conversations[message.conversationID], message.sender == agentUID {
            for element in elements {
                let action = CometChatInteraction.action(for: element, of: message, actionBody: actions[id])
                // Agents run on text messages: the run answering a press has an id of its own.
                answer(action, runID: newID(), in: message.conversationID, address: conversation.address, user: user, completed: completed)
                completed = nil
            }
        }
        let sentence = "The message id \(id) has been marked as interacted for the user \(user)."
        return .success(.object([JSONMember("success", true), JSONMember("message", .string(sentence))]))
    }
}
