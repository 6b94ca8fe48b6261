import Foundation
import ParleyModel

/// The user's side: sending with delivery confirmation, typing, ending
/// (protocols/polyai-messaging.md 5, 9).
extension PolyConversation {
    /// Sends a user message: trimmed, empty ignored, over the size limit failed at once; otherwise
    /// reported pending and sent with a new draft id as its `local_id`. Opens a turn.
    public mutating func send(text: String, at now: Duration) -> PolyReaction {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return PolyReaction() }
        guard !hasEnded else { return PolyReaction(failure: "cannot send \"\(trimmed)\": the session has ended") }
        let draftID = makeID()
        var reaction = PolyReaction()
        guard trimmed.utf8.count <= capabilities.maxMessageBytes else {
            reaction.events.append(.delivery(draftID: draftID, state: .failed))
            reaction.dropped.append(
                "a message of \(trimmed.utf8.count) bytes was not sent: the session allows \(capabilities.maxMessageBytes)")
            return finish(reaction, at: now)
        }
        let frame = PolyOutgoing.userMessage(text: trimmed, localID: draftID).text
        pending.append(PendingMessage(draftID: draftID, text: trimmed, frame: frame, firstSent: now))
        openTurn()
        reaction.events.append(.delivery(draftID: draftID, state: .pending))
        reaction.frames.append(frame)
        return finish(reaction, at: now)
    }

    /// The user is typing: STARTED at most every 3 s, and STOPPED 5 s after the last call.
    public mutating func typing(at now: Duration) -> PolyReaction {
        guard !hasEnded else { return PolyReaction(failure: "cannot type: the session has ended") }
        var reaction = PolyReaction()
        if userTypingSince.map({ now - $0 >= Self.userTypingThrottle }) ?? true {
            reaction.frames.append(PolyOutgoing.userTyping(.started).text)
            userTypingSince = now
        }
        userTypingStopAt = now + Self.userTypingIdle
        return finish(reaction, at: now)
    }

    /// Ends the conversation: USER_END_SESSION, whatever was streaming is final, `sessionEnded`
    /// with the SDK's "user_ended", and the turn ends. After the end only the frame goes out.
    public mutating func end(at now: Duration) -> PolyReaction {
        var reaction = PolyReaction(frames: [PolyOutgoing.userEndSession.text])
        guard !hasEnded else { return reaction }
        openTurn()
        endSession(reason: "user_ended", into: &reaction)
        return finish(reaction, at: now)
    }

    /// A user action starts a new turn that the agent owes an answer to.
    mutating func openTurn() {
        turnOpen = true
        turnAnswered = false
    }

    /// The echo of a USER_MESSAGE: by `local_id` when it carries one, else the oldest pending
    /// message with the same text. One that matches nothing (history, another tab) is reported as
    /// `custom user_message`; a repeated echo of a confirmed message is dropped.
    mutating func echo(_ event: PolyEnvelope, into reaction: inout PolyReaction) {
        let index: Int?
        if let localID = event.custom?["local_id"] {
            if confirmed.contains(localID) {
                reaction.dropped.append("a repeated echo of the message \(localID) was dropped")
                return
            }
            index = pending.firstIndex { $0.draftID == localID }
        } else {
            let text = event.payload.string("text") ?? ""
            index = pending.firstIndex { $0.text == text }
        }
        guard let index else {
            return reaction.events.append(.custom(name: event.type.oneofKey, value: event.payload))
        }
        let message = pending.remove(at: index)
        confirmed.insert(message.draftID)
        reaction.events.append(.delivery(draftID: message.draftID, state: .sent))
    }

    /// Resends what is due on the retry ladder and fails what ran out of time.
    mutating func tickDeliveries(at now: Duration, into reaction: inout PolyReaction) {
        var waiting: [PendingMessage] = []
        for var message in pending {
            if now >= message.failsAt {
                reaction.events.append(.delivery(draftID: message.draftID, state: .failed))
                continue
            }
            if message.resendDue(at: now) { reaction.frames.append(message.frame) }
            waiting.append(message)
        }
        pending = waiting
    }
}
