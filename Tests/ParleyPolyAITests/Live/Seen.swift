import ParleyModel

/// Matchers for the events the tests wait for.
enum Seen {
    static func reply(_ text: String) -> (AgentEvent) -> Bool {
        { if case .reply(let reply) = $0 { reply.text == text } else { false } }
    }

    static func replies(_ text: String, in events: [AgentEvent]) -> Int {
        events.filter(reply(text)).count
    }

    static func reconnecting(_ attempt: Int) -> (AgentEvent) -> Bool {
        { $0 == .connection(.reconnecting(attempt: attempt)) }
    }

    static func delivery(_ state: DeliveryState) -> (AgentEvent) -> Bool {
        { if case .delivery(_, let seen) = $0 { seen == state } else { false } }
    }

    static func custom(_ name: String) -> (AgentEvent) -> Bool {
        { if case .custom(let seen, _) = $0 { seen == name } else { false } }
    }
}
