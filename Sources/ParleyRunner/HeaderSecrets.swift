import ParleyCore
import ParleyModel

/// Refuses an agent or webhook whose settings would send a header a secret breaks (a line break in a token
/// file, say), naming the header and the secret but never the value. The connectors refuse such a
/// header too; only here are the setting's `${secret.X}` references still known.
enum HeaderSecrets {
    /// Checks the headers an agent's connector sends.
    static func check(_ agent: AgentConfig, declaration: ProviderDeclaration, settings: [String: JSONValue]) throws(InvalidInput) {
        try check(headers(declaration, written: agent.settings, rendered: settings), owner: "agent '\(agent.name)'", at: agent.location)
    }

    /// Checks the headers a plugin sends (the webhook's `headers:`).
    static func check(plugin: PluginConfig, declaration: ProviderDeclaration, settings: [String: JSONValue]) throws(InvalidInput) {
        try check(headers(declaration, written: plugin.settings, rendered: settings), owner: plugin.name, at: plugin.location)
    }

    private static func check(_ headers: [(String, ValueTemplate, String)], owner: String, at fallback: SourceLocation) throws(InvalidInput) {
        for (header, template, value) in headers {
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
            let location = secrets.first?.1 ?? references.first?.1 ?? fallback
            throw InvalidInput(
                "\(location): \(owner): header \(header) would carry \(problem)\(source), which a header cannot carry; "
                    + "nothing was sent (the value is not shown)")
        }
    }

    /// The settings that become request headers (each a declaration names a `header` for, and
    /// the members of a `headers` mapping): the header, the setting as written, its rendered text.
    private static func headers(
        _ declaration: ProviderDeclaration, written: [Assignment], rendered: [String: JSONValue]
    ) -> [(String, ValueTemplate, String)] {
        declaration.settings.flatMap { setting -> [(String, ValueTemplate, String)] in
            guard let template = written.first(where: { $0.name == setting.key })?.value else { return [] }
            if setting.key == "headers", setting.type == .mapping { return headers(template, rendered: rendered["headers"]) }
            guard let header = setting.header, case .string(let value)? = rendered[setting.key] else { return [] }
            return [(header, template, value)]
        }
    }

    /// A `headers:` mapping as written and as rendered, header by header.
    private static func headers(_ written: ValueTemplate, rendered: JSONValue?) -> [(String, ValueTemplate, String)] {
        guard case .object(let members) = written, case .object(let values)? = rendered else { return [] }
        return members.compactMap { member in
            guard case .string(let value)? = values.first(where: { $0.key == member.key })?.value else { return nil }
            return (member.key, member.value, value)
        }
    }
}
