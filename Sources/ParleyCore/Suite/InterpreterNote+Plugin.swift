extension InterpreterNote {
    /// What plugins hear of this note; nil for secrets, which go into `secrets` at once instead
    /// (the run's registry masks them before any plugin sees an event).
    func pluginKind(registeringIn secrets: SecretRegistry) -> PluginEvent.Kind? {
        switch self {
        case .stepStarted(let info): return .stepStarted(info)
        case .stepFinished(let result): return .stepFinished(result)
        case .userAction(let action): return .userAction(action)
        case .agentEvent(let event, let offset): return .agentEvent(event, offset: offset)
        case .log(let text): return .log(text)
        case .secrets(let values):
            secrets.add(values)
            return nil
        }
    }
}
