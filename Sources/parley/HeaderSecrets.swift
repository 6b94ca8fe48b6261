import ParleyCore
import ParleyModel

/// Refuses an agent whose settings would send a header a secret breaks (a line break in a token
/// file, say), naming the header and the secret but never the value. The connectors refuse such a
/// header too; only here are the setting's `${secret.X}` references still known.
enum HeaderSecrets {
    static func check(_ agent: AgentConfig, settings: [String: JSONValue]) throws(InvalidInput) {
        for (header, template, value) in headers(of: agent, settings: settings) {
            guard let problem = HeaderValue.problem(in: value) else { continue }
            let references = template.templates.flatMap(\.references)
            let secrets = references.compactMap { reference, location -> (String, SourceLocation)? in
                if case .secret(let name) = reference { return (name, location) }
                return nil
            }
            let source: String
            switch secrets.count {
            case 0: source = ""
            case 1: source = " from secret \(secrets[0].0)"
            default: source = " from secrets \(secrets.map { $0.0 }.joined(separator: ", "))"
            }
            let location = secrets.first?.1 ?? references.first?.1 ?? agent.location
            throw InvalidInput(
                "\(location): agent '\(agent.name)': header \(header) would carry \(problem)\(source), which a header cannot carry; "
                    + "nothing was sent (the value is not shown)")
        }
    }

    /// The settings that become request headers: the header, the setting as written, its rendered text.
    private static func headers(of agent: AgentConfig, settings: [String: JSONValue]) -> [(String, ValueTemplate, String)] {
        let named: [(setting: String, header: String)]
        switch agent.connector {
        case .agui:
            guard case .object(let members)? = agent.setting("headers"), case .object(let rendered)? = settings["headers"] else { return [] }
            return members.compactMap { member in
                guard case .string(let value)? = rendered.first(where: { $0.key == member.key })?.value else { return nil }
                return (member.key, member.value, value)
            }
        case .polyai: named = [("connector_token", "X-Token"), ("host", "X-Host")]
        case .cometchat: named = [("api_key", "apikey"), ("user", "onBehalfOf")]
        case .simulator: named = []
        }
        return named.compactMap { setting, header in
            guard let template = agent.setting(setting), case .string(let value)? = settings[setting] else { return nil }
            return (header, template, value)
        }
    }
}
