import ParleyModel

/// `models:` in parley.yaml: `embeddings:` and `judge:` endpoints, and where answers are cached.
extension ProjectParser {
    static let modelsKeys = MeaningKind.allCases.map(\.rawValue) + ["cache"]

    static func models(_ node: YAMLNode, key: Located<String>, _ context: ParseContext) -> ModelsConfig? {
        guard let reader = MappingReader(
            node, context, expected: "a mapping with 'embeddings:' and/or 'judge:', like { embeddings: { url: http://127.0.0.1:8000/v1, model: all-MiniLM-L6-v2 } }")
        else { return nil }
        reader.rejectUnknownKeys(allowed: modelsKeys, in: "'models'", context)
        var config = ModelsConfig(location: key.location)
        if let node = reader["embeddings"] { config.embeddings = endpoint(node, .embeddings, context) }
        if let node = reader["judge"] { config.judge = endpoint(node, .judge, context) }
        if let node = reader["cache"] { config.cache = context.string(node, "a folder for cached answers, relative to parley.yaml") }
        return config
    }

    private static func endpoint(_ node: YAMLNode, _ kind: MeaningKind, _ context: ParseContext) -> ModelEndpoint? {
        let place = "'models.\(kind.rawValue)'"
        guard let reader = MappingReader(node, context, expected: "an endpoint: a mapping with 'url:' and 'model:'") else { return nil }
        reader.rejectUnknownKeys(allowed: ModelEndpoint.keys(for: kind).map(\.key), in: place, context)
        reader.require(["url", "model"], in: place, context)
        let settings = reader.pairs.filter { !["timeout", "retries"].contains($0.key.value) }.map {
            Assignment(name: $0.key.value, value: context.valueTemplate($0.value), location: $0.key.location)
        }
        let timeout = reader["timeout"].flatMap(context.duration)
        let retries = reader["retries"].flatMap { context.integer($0, minimum: 0, "'retries'") }
        return ModelEndpoint(settings: settings, timeout: timeout, retries: retries, location: node.location)
    }
}
