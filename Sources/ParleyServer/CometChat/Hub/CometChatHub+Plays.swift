import Foundation
import ParleyCore
import ParleyModel
import ParleySimulator

/// Plays on the clock: each due item is given its ids and envelope here, kept when it is a
/// message, and sent to the sockets of everyone in the conversation through its fault injector.
extension CometChatHub {
    /// Plays the conversation's jobs one after another, until the server stops.
    func runPlays(_ conversationID: String, jobs: AsyncStream<CometChatPlayJob>) async {
        for await job in jobs {
            conversations[conversationID]?.refs = [:]
            conversations[conversationID]?.runID = job.runID
            if let completed = job.completed, let frame = completion(of: completed.messageID, by: completed.user) {
                deliver([.text(frame)], in: conversationID)
            }
            let start = clock.now
            for item in job.items {
                do {
                    try await clock.sleep(until: start + item.offset)
                } catch {
                    return
                }
                play(item.content, in: conversationID)
            }
            if let frames = conversations[conversationID]?.faults.flush() { deliver(frames, in: conversationID) }
        }
    }

    /// One due item: an output through the fault injector, or a fault arming it.
    private func play(_ content: CometChatTimedItem.Content, in conversationID: String) {
        guard let conversation = conversations[conversationID] else { return }
        switch content {
        case .output(let output):
            guard let text = render(output, in: conversationID) else { return }
            // With no socket in the conversation and no fault armed the frame would go nowhere and
            // change nothing: it is not written (what it keeps is kept all the same).
            guard isListened(conversation) || !conversation.faults.isIdle else { return }
            let frames = conversations[conversationID]?.faults.pass(.text(text())) ?? []
            deliver(frames, in: conversationID)
        case .fault(let fault):
            if case .outage(let length) = fault {
                for user in members(of: conversation.address, from: agentUID) { downUntil[user] = clock.now + length }
            }
            let frames = conversations[conversationID]?.faults.arm(fault) ?? []
            deliver(frames, in: conversationID)
        }
    }

    /// Whether a socket of anyone in `conversation` is open.
    private func isListened(_ conversation: CometChatConversation) -> Bool {
        members(of: conversation.address, from: agentUID).contains { !(sockets[$0] ?? []).isEmpty }
    }

    /// Does what `output` does to the hub (ids, a kept message, a goal met) and returns how to
    /// write its frame, called at once or not at all; nil when nothing goes out (a goal met already).
    private func render(_ output: CometChatOutput, in conversationID: String) -> (() -> String)? {
        guard let conversation = conversations[conversationID] else { return nil }
        let envelope = CometChatEnvelope(appID: options.appID, address: conversation.address, sender: agentUID)
        switch output {
        case .streamed(let event, var data, let ref):
            if let ref, case .object(var members) = data {
                members.append(JSONMember("messageId", .string(String(id(for: ref, in: conversationID)))))
                data = .object(members)
            }
            let body = CometChatEnvelope.streamed(event, runID: conversation.runID, conversationID: conversationID, data: data)
            return { envelope.text(type: "streamed_message", body: body) }
        case .message(let draft):
            let now = Int(Date().timeIntervalSince1970)
            let message = CometChatMessage(
                id: id(for: draft.ref, in: conversationID), muid: draft.muid, conversationID: conversationID, sender: agentUID,
                address: conversation.address, category: draft.category, type: draft.type, sentAt: now, updatedAt: now, data: draft.data,
                goal: draft.goal)
            keep(message)
            return { self.messageFrame(message) }
        case .goalCompleted(let muid):
            let found = (order[conversationID] ?? []).last { messages[$0]?.category == "interactive" && messages[$0]?.muid == muid }
            guard let id = found, messages[id]?.goalMet == false else { return nil }
            messages[id]?.goalMet = true
            guard let text = completion(of: id, by: conversation.lastUser) else { return nil }
            return { text }
        case .typing(let started):
            let body = JSONValue.object([
                JSONMember("sender", .string(agentUID)), JSONMember("receiver", .string(conversation.address.receiver)),
                JSONMember("receiverType", .string(conversation.address.receiverType)),
                JSONMember("action", .string(started ? "started" : "ended")),
            ])
            return { envelope.text(type: "typing_indicator", body: body) }
        }
    }

    /// The id of the play's message `ref`, given when first asked for.
    private func id(for ref: Int, in conversationID: String) -> Int {
        if let id = conversations[conversationID]?.refs[ref] { return id }
        let id = newID()
        conversations[conversationID]?.refs[ref] = id
        return id
    }

    /// `interaction_completed` for message `id`, met by `user`: from the user to the message's
    /// sender (a 1:1) or in the group, with the interactions so far.
    func completion(of id: Int, by user: String) -> String? {
        guard let message = messages[id] else { return nil }
        let address: CometChatAddress
        switch message.address {
        case .user: address = .user(message.sender)
        case .group: address = message.address
        }
        let body = JSONValue.object([
            JSONMember("messageId", .number(Double(id))), JSONMember("user", .object([JSONMember("uid", .string(user))])),
            JSONMember("interactions", message.data["interactions"] ?? .array([])),
        ])
        return CometChatEnvelope(appID: options.appID, address: address, sender: user, messageSender: message.sender)
            .text(type: "interaction_completed", body: body)
    }

    /// Sends `frames` to the sockets of everyone in the conversation.
    private func deliver(_ frames: [WebSocketFrame], in conversationID: String) {
        guard let conversation = conversations[conversationID] else { return }
        let users = members(of: conversation.address, from: agentUID)
        for frame in frames {
            for user in users { send(frame, toUser: user) }
        }
    }
}
