import ParleyCore
import ParleyModel

/// The embedded simulator as a connector: every session plays the same agent script in-process.
public struct SimulatorConnector: Connector {
    /// The script every session plays.
    public let script: AgentScript

    /// A connector for a parsed script.
    public init(script: AgentScript) {
        self.script = script
    }

    /// A connector for the script at `path`; throws its diagnostics when it does not parse.
    public init(scriptPath path: String) throws(AgentScriptError) {
        self.init(script: try AgentScriptParser.parse(path: path).get())
    }

    /// Every action and every event: the simulator can play anything a flow asks for.
    public var capabilities: ConnectorCapabilities { .all }

    /// Opens a session on the request's clock; the greeting, if any, is due at once.
    public func openSession(_ request: SessionRequest) async throws -> any AgentSession {
        session(request)
    }

    /// Synchronous and out of line: the engine is built on the thread's stack, not in the frame of
    /// `openSession`, which counts in every conversation's task for its whole life (issue 20).
    @inline(never)
    private func session(_ request: SessionRequest) -> SimulatorSession {
        SimulatorSession(engine: ScriptEngine(script: script), sessionID: request.sessionID, clock: request.clock)
    }
}
