import ParleyModel

/// The schema of parley.yaml, and of the agent mapping a flow may write inline, from a
/// `Catalog`'s declarations: a team's own connector is completed and checked like ours.
enum ProjectSchema {
    typealias S = SchemaExporter

    static func schema(_ catalog: Catalog) -> JSONValue {
        let plugins: [JSONValue] = catalog.plugins.map { plugin in
            let settings = S.object(plugin.settings.map { ($0.key, setting($0)) }, required: plugin.requiredKeys)
            return S.object([(plugin.name, S.describe(S.anyOf([.object([JSONMember("type", "null")]), settings]), plugin.summary))], required: [plugin.name])
        }
        let root = S.object([
            ("agents", .object([JSONMember("type", "object"), JSONMember("additionalProperties", S.ref("agent"))])),
            ("defaults", S.object([("agent", S.string), ("timeout", S.ref("duration")), ("settle", S.ref("duration"))])),
            ("plugins", S.array(S.anyOf(plugins + [S.enumeration(catalog.plugins.map(\.name))]))),
            ("monitor", monitorSchema(catalog)),
        ])
        let duration = S.stepDefinitions().filter { $0.0 == "duration" || $0.0 == "value" }
        return S.document(
            id: "parley.schema.json", title: "Parley project (parley.yaml)", root: root, definitions: agentDefinitions(catalog) + duration)
    }

    /// `agent`: one variant per connector, each closed over that connector's settings.
    static func agentDefinitions(_ catalog: Catalog) -> [(String, JSONValue)] {
        let variants: [JSONValue] = catalog.connectors.map { connector in
            let settings: [(String, JSONValue)] = [("connector", S.describe(.object([JSONMember("const", .string(connector.name))]), connector.summary))]
                + connector.settings.map { ($0.key, setting($0)) }
            return S.object(settings, required: ["connector"] + connector.requiredKeys)
        }
        return [("agent", S.anyOf(variants))]
    }

    /// One setting's schema, with its description. Any scalar setting may be written as a
    /// `${env.X}`/`${secret.X}` template, which the provider checks once rendered.
    static func setting(_ declaration: SettingDeclaration) -> JSONValue {
        let template = JSONValue.object([JSONMember("type", "string"), JSONMember("pattern", "\\$\\{")])
        let scalar = JSONValue.object([JSONMember("type", ["string", "number", "boolean"])])
        let schema: JSONValue
        switch declaration.type {
        case .text: schema = scalar
        case .url, .file, .path: schema = S.string
        case .integer: schema = S.anyOf([.object([JSONMember("type", "integer")]), template])
        case .boolean: schema = S.anyOf([.object([JSONMember("type", "boolean")]), template])
        case .duration: schema = S.anyOf([S.ref("duration"), .object([JSONMember("type", "number"), JSONMember("minimum", .number(0))])])
        case .choice(let words): schema = S.anyOf([S.enumeration(words), template])
        case .mapping: schema = .object([JSONMember("type", "object")])
        case .list: schema = S.anyOf([.object([JSONMember("type", "array")]), scalar])
        case .any: schema = .object([])
        }
        return S.describe(schema, declaration.description + (declaration.isSecret ? " A secret: masked in every output." : ""))
    }
}
