import ParleyModel

/// The schema of parley.yaml, and of the agent mapping a flow may write inline, from a
/// `Catalog`'s declarations: a team's own connector is completed and checked like ours.
enum ProjectSchema {
    typealias S = SchemaExporter

    static func schema(_ catalog: Catalog) -> JSONValue {
        let root: [(String, JSONValue)] = ProjectKey.allCases.map { key in
            let schema: JSONValue
            switch key {
            case .agents: schema = .object([JSONMember("type", "object"), JSONMember("additionalProperties", S.ref("agent"))])
            case .defaults: schema = S.object(OptionKeys.projectDefaults, ["agent": S.string, "timeout": S.ref("duration"), "settle": S.ref("duration")])
            case .plugins: schema = S.array(pluginEntry(catalog))
            case .monitor: schema = monitorSchema(catalog)
            case .models: schema = modelsSchema()
            }
            return (key.rawValue, S.describe(schema, key.summary))
        }
        let duration = S.stepDefinitions().filter { $0.0 == "duration" || $0.0 == "value" }
        return S.document(
            id: "parley.schema.json", title: "Parley project (parley.yaml)", root: S.object(root), definitions: agentDefinitions(catalog) + duration)
    }

    /// `models:`: an endpoint per kind of matcher, and the cache folder.
    private static func modelsSchema() -> JSONValue {
        let endpoints: [(String, JSONValue)] = MeaningKind.allCases.map { kind in
            let keys: [(String, JSONValue)] = ModelEndpoint.keys(for: kind).map { key, summary in
                let schema: JSONValue
                switch key {
                case "timeout": schema = S.ref("duration")
                case "retries": schema = S.integer(minimum: 0)
                default: schema = S.string
                }
                return (key, S.describe(schema, summary))
            }
            let summary = kind == .embeddings
                ? "An OpenAI-compatible /v1/embeddings endpoint, for `similar`."
                : "An OpenAI-compatible /v1/chat/completions endpoint, for `judge`."
            return (kind.rawValue, S.describe(S.object(keys, required: ["url", "model"]), summary))
        }
        let cache = S.describe(S.string, "The folder answers are cached in, relative to parley.yaml (default \(ModelsConfig.defaultCache)).")
        return S.object(endpoints + [("cache", cache)])
    }

    /// One entry of `plugins:`: a plugin's name alone, or a mapping of one plugin to its settings.
    private static func pluginEntry(_ catalog: Catalog) -> JSONValue {
        let plugins: [(String, JSONValue)] = catalog.plugins.map { plugin in
            let settings = S.object(plugin.settings.map { ($0.key, setting($0)) }, required: plugin.requiredKeys)
            return (plugin.name, S.describe(S.when(["null"], then: nil, otherwise: settings), plugin.summary))
        }
        let names = catalog.plugins.map { "\($0.name): \($0.summary)" }.joined(separator: " ")
        return S.when(
            ["string"], then: S.describe(S.enumeration(catalog.plugins.map(\.name)), names),
            otherwise: S.with(S.object(plugins), [JSONMember("minProperties", 1), JSONMember("maxProperties", 1)]))
    }

    /// `agent`: the connector named by `connector:` decides which settings the mapping may hold.
    static func agentDefinitions(_ catalog: Catalog) -> [(String, JSONValue)] {
        let connectorKey = OptionKeys.agent[0]
        let rules: [JSONValue] = catalog.connectors.map { connector in
            let chosen = S.describe(S.constant(connector.name), connector.summary)
            let settings: [(String, JSONValue)] = [(connectorKey.name, chosen)] + connector.settings.map { ($0.key, setting($0)) }
            let named = JSONValue.object([
                JSONMember("properties", .object([JSONMember(connectorKey.name, chosen)])),
                JSONMember("required", [.string(connectorKey.name)]),
            ])
            return S.when(named, then: S.object(settings, required: [connectorKey.name] + connector.requiredKeys), otherwise: nil)
        }
        let connectors = S.describe(S.enumeration(catalog.connectors.map(\.name)), connectorKey.summary)
        let agent = JSONValue.object([
            JSONMember("type", "object"),
            JSONMember("properties", .object([JSONMember(connectorKey.name, connectors)])),
            JSONMember("required", [.string(connectorKey.name)]),
            JSONMember("allOf", .array(rules)),
        ])
        return [("agent", agent)]
    }

    /// One setting's schema, with its description. Any scalar setting may be written as a
    /// `${env.X}`/`${secret.X}` template, which the provider checks once rendered.
    static func setting(_ declaration: SettingDeclaration) -> JSONValue {
        let template = JSONValue.object([JSONMember("type", "string"), JSONMember("pattern", "\\$\\{")])
        let scalar = JSONValue.object([JSONMember("type", ["string", "number", "boolean"])])
        // `typed`, or a template in its place: "'verbose' is not one of […]" rather than "does not match '\$\{'".
        func orTemplate(_ typed: JSONValue) -> JSONValue { S.when(template, then: nil, otherwise: typed) }
        let schema: JSONValue
        switch declaration.type {
        case .text: schema = scalar
        case .url, .file, .path: schema = S.string
        case .integer: schema = orTemplate(.object([JSONMember("type", "integer")]))
        case .boolean: schema = orTemplate(.object([JSONMember("type", "boolean")]))
        case .duration: schema = S.when(["string"], then: S.ref("duration"), otherwise: .object([JSONMember("type", "number"), JSONMember("minimum", .number(0))]))
        case .choice(let words): schema = orTemplate(S.enumeration(words))
        case .mapping: schema = .object([JSONMember("type", "object")])
        case .list: schema = .object([JSONMember("type", ["array", "string", "number", "boolean"])])
        case .any: schema = .object([])
        }
        return S.describe(schema, declaration.description + (declaration.isSecret ? " A secret: masked in every output." : ""))
    }
}
