import ParleyModel

/// The schema of parley.yaml, and of the agent mapping a flow may write inline.
enum ProjectSchema {
    typealias S = SchemaExporter

    static func schema() -> JSONValue {
        let plugins: [JSONValue] = PluginKind.allCases.map { kind in
            let settings = S.object(kind.settingKeys.map { ($0, .object([])) }, required: kind.requiredKeys)
            return S.object([(kind.rawValue, S.anyOf([.object([JSONMember("type", "null")]), settings]))], required: [kind.rawValue])
        }
        let root = S.object([
            ("agents", .object([JSONMember("type", "object"), JSONMember("additionalProperties", S.ref("agent"))])),
            ("defaults", S.object([("agent", S.string), ("timeout", S.ref("duration")), ("settle", S.ref("duration"))])),
            ("plugins", S.array(S.anyOf(plugins + [S.enumeration(PluginKind.allCases.map(\.rawValue))]))),
        ])
        let duration = S.stepDefinitions().filter { $0.0 == "duration" || $0.0 == "value" }
        return S.document(id: "parley.schema.json", title: "Parley project (parley.yaml)", root: root, definitions: agentDefinitions() + duration)
    }

    /// `agent`: one variant per connector, each closed over that connector's settings.
    static func agentDefinitions() -> [(String, JSONValue)] {
        let variants: [JSONValue] = ConnectorKind.allCases.map { connector in
            let settings: [(String, JSONValue)] = [("connector", .object([JSONMember("const", .string(connector.rawValue))]))]
                + connector.settingKeys.map { ($0, .object([])) }
            return S.object(settings, required: ["connector"] + connector.requiredKeys)
        }
        return [("agent", S.anyOf(variants))]
    }
}
