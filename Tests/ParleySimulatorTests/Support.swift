import Foundation
import ParleyModel
import ParleyParser
import ParleySimulator
import ParleyTesting

/// Shared helpers: the demo script, inline scripts, and a conversation driven through the engine.
enum Support {
    static let demoPath = ProjectPaths.flows.appendingPathComponent("agents/demo-support.agent.yaml").path

    /// The demo agent script, parsed once.
    static let demo: AgentScript = {
        guard let script = AgentScriptParser.parse(path: demoPath).script else { fatalError("the demo script does not parse") }
        return script
    }()

    /// Parses inline script text; the path is what diagnostics show.
    static func parse(_ text: String, path: String = "test.agent.yaml") -> AgentScriptParser.Result {
        AgentScriptParser.parse(text: text, path: path)
    }

    /// Parses inline script text that must be valid.
    static func script(_ text: String) -> AgentScript {
        let result = parse(text)
        guard let script = result.script else { fatalError("script does not parse:\n\(result.rendered())") }
        return script
    }
}

/// A conversation through the pure engine: each action's play, kept for inspection.
struct EngineConversation {
    let engine: ScriptEngine
    var state = ConversationState(threadID: "t-1")
    private(set) var greeting = Play()

    init(_ script: AgentScript) {
        engine = ScriptEngine(script: script)
        greeting = engine.open(&state)
    }

    /// Performs `action` and returns the events of its play.
    @discardableResult
    mutating func act(_ action: UserAction) -> [AgentEvent] {
        engine.respond(to: action, in: &state).events
    }

    /// Performs `action` and returns its whole play.
    mutating func play(_ action: UserAction) -> Play {
        engine.respond(to: action, in: &state)
    }

    mutating func send(_ text: String) -> [AgentEvent] { act(.send(text: text)) }
}

extension [AgentEvent] {
    /// The assembled replies.
    var replies: [Reply] {
        compactMap { if case .reply(let reply) = $0 { return reply } else { return nil } }
    }

    /// The assembled tool calls.
    var toolCalls: [ToolCall] {
        compactMap { if case .toolCall(let call) = $0 { return call } else { return nil } }
    }

    /// Tool results as (name, content).
    var toolResults: [(name: String?, content: JSONValue)] {
        compactMap { if case .toolResult(_, let name, let content) = $0 { return (name, content) } else { return nil } }
    }

    /// Run errors' messages.
    var runErrors: [String] {
        compactMap { if case .runError(let message, _) = $0 { return message } else { return nil } }
    }

    /// Handoff stages in order.
    var handoffs: [Handoff] {
        compactMap { if case .handoff(let handoff) = $0 { return handoff } else { return nil } }
    }

    /// The event kinds, for order checks.
    var kindNames: [String] { map { $0.kinds.first?.rawValue ?? "raw" } }
}
