import ParleyAGUI
import ParleyCore
import ParleyModel

/// What one run asks the simulator for, read from its input and what the thread already saw.
enum RunIntent: Hashable, Sendable {
    /// The first run of a thread, with no messages: the agent speaks first.
    case greeting
    /// User actions, played one after another in the same response.
    case actions([UserAction])
    /// Nothing new: an empty run.
    case nothing

    /// Reads `input`: resume entries when there are any; else the messages after the last assistant
    /// message that the thread has not seen, a tool message as `respond_tool` and a user message
    /// as `send` (or, for the last user message, the action `forwardedProps.parley` describes).
    static func read(_ input: RunAgentInput, thread: ThreadRecord) -> RunIntent {
        if !input.resume.isEmpty { return .actions(input.resume.map(\.action)) }
        if input.messages.isEmpty { return thread.served ? .nothing : .greeting }
        let afterAssistant = input.messages.lastIndex { $0.role == .assistant }.map { $0 + 1 } ?? 0
        let trailing = input.messages[afterAssistant...].filter { !thread.seenMessages.contains($0.id) }
        var toolNames: [String: String] = [:]
        for message in input.messages {
            for call in message.toolCalls { toolNames[call.id] = call.name }
        }
        // A form submit or tap arrives as a user message plus forwardedProps: the props describe the
        // newest user message only, so earlier ones are plain text.
        let lastUser = trailing.last { $0.role == .user }?.id
        var actions: [UserAction] = []
        for message in trailing {
            switch message.role {
            case .tool:
                guard let callID = message.toolCallID, !thread.answeredCalls.contains(callID) else { continue }
                let result = (try? JSONValue(parsing: message.text)) ?? .string(message.text)
                actions.append(.respondTool(callID: callID, name: toolNames[callID] ?? "", result: result))
            case .user:
                let props = message.id == lastUser ? ActionProps.decode(input.forwardedProps) : nil
                actions.append(props ?? .send(text: message.text))
            case .developer, .system, .assistant, .activity, .reasoning:
                continue
            }
        }
        return actions.isEmpty ? .nothing : .actions(actions)
    }
}
