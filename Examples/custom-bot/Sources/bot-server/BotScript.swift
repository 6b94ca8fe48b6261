import Foundation

/// What the bot answers: a few scripted rules, the first that matches wins. Pure, so the
/// answers the example's flows expect are all here.
enum BotScript {
    static let menu = ["Order status", "Talk to a person"]

    /// The answer to `text`, the `turn`th message (from 1) of its session.
    static func answer(to text: String, turn: Int) -> BotWire.Answer {
        let lowered = text.lowercased()
        // A broken bot, for run.sh: an answer over the connector's 1 MiB limit.
        if lowered == "send me 2 mib" {
            return BotWire.Answer(replies: [BotWire.Reply(text: String(repeating: "x", count: 2 << 20))])
        }
        if let order = text.range(of: #"[A-Z]-\d{4}"#, options: .regularExpression).map({ String(text[$0]) }) {
            let call = BotWire.ToolCall(id: "call-\(turn)", name: "lookup_order", args: ["order_id": order])
            let reply =
                order == "A-1042"
                ? "Order A-1042 has shipped with UPS, tracking number 1Z999AA10123456784."
                : "I couldn't find order \(order). Please check the number."
            return BotWire.Answer(replies: [BotWire.Reply(text: reply)], toolCalls: [call])
        }
        if lowered.contains("order status") {
            return BotWire.Answer(replies: [BotWire.Reply(text: "Which order? Give me its number, like A-1042.")])
        }
        if lowered.contains("person") || lowered.contains("human") {
            return BotWire.Answer(replies: [
                BotWire.Reply(text: "Connecting you to a person."),
                BotWire.Reply(text: "Someone from the team will answer within 5 minutes."),
            ])
        }
        if ["hello", "hi", "hey"].contains(where: { lowered.hasPrefix($0) }) {
            return BotWire.Answer(replies: [BotWire.Reply(text: "Hi, I'm Bolt, the shop's bot. What can I do for you?", suggestions: menu)])
        }
        return BotWire.Answer(replies: [BotWire.Reply(text: "Sorry, I didn't get that.", suggestions: menu)])
    }
}
