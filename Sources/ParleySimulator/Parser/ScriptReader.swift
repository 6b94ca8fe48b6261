import ParleyModel
import ParleyParser

/// Reads the parts of a script; `AgentScriptParser` is its public face.
struct ScriptReader {
    let context: ParseContext

    static let topKeys = ["agent", "timing", "tools", "tables", "greeting", "rules", "fallback"]

    func script(_ root: YAMLNode) -> AgentScript? {
        guard let top = MappingReader(root, context, expected: "an agent script: a mapping with 'greeting:', 'rules:' and so on") else {
            return nil
        }
        top.rejectUnknownKeys(allowed: Self.topKeys, in: "the agent script", context)
        var script = AgentScript(location: root.location)
        if let node = top["agent"] { script.agent = agent(node) }
        if let node = top["timing"] { script.timing = timing(node) }
        if let node = top["tools"] { script.tools = tools(node) }
        if let node = top["tables"] { script.tables = tables(node) }
        if let node = top["greeting"] {
            script.greeting = reply(node)
            script.greeting.map { spec in spec.templates.forEach { ReferenceScope(place: "the greeting").check($0, context) } }
        }
        let reader = PlayReader(context: context, tools: script.tools)
        if let node = top["rules"] {
            script.rules = RuleReader(context: context, tables: script.tables, plays: reader).rules(node)
        }
        if let node = top["fallback"] {
            if let fallback = MappingReader(node, context, expected: "a mapping like { play: [...] }") {
                fallback.rejectUnknownKeys(allowed: ["play"], in: "'fallback'", context)
                fallback.require(["play"], in: "'fallback'", context)
                script.fallback = fallback["play"].map { reader.steps($0) }
                script.fallback?.forEach { step in step.kind.templates.forEach { ReferenceScope(place: "the fallback").check($0, context) }
                }
            }
        }
        CrossReferences(script: script, context: context).check()
        return script
    }

    func reply(_ node: YAMLNode) -> ReplySpec? {
        PlayReader(context: context, tools: []).reply(node)
    }

    private func agent(_ node: YAMLNode) -> AgentIdentity {
        guard let map = MappingReader(node, context, expected: "a mapping like { id: support, name: Support }") else {
            return AgentIdentity()
        }
        map.rejectUnknownKeys(allowed: ["id", "name"], in: "'agent'", context)
        let id = map["id"].flatMap { context.string($0, "the agent's id") }
        let name = map["name"].flatMap { context.string($0, "the agent's name") }
        return AgentIdentity(id: id ?? name ?? "simulator", name: name ?? id ?? "Simulator")
    }

    private func timing(_ node: YAMLNode) -> ScriptTiming {
        var timing = ScriptTiming()
        guard let map = MappingReader(node, context, expected: "a mapping like { think: 100ms, chunks: 3, chunk_delay: 30ms }") else {
            return timing
        }
        map.rejectUnknownKeys(allowed: ["think", "chunks", "chunk_delay"], in: "'timing'", context)
        if let think = map["think"].flatMap(context.duration) { timing.think = think }
        if let chunks = map["chunks"].flatMap({ context.count($0, minimum: 1, "a number of chunks") }) { timing.chunks = chunks }
        if let delay = map["chunk_delay"].flatMap(context.duration) { timing.chunkDelay = delay }
        return timing
    }

    private func tools(_ node: YAMLNode) -> [ScriptTool] {
        guard let map = MappingReader(node, context, expected: "a mapping of tool names to { side, description }") else { return [] }
        return map.pairs.compactMap { key, value in
            var tool = ScriptTool(name: key.value)
            if value.scalarMeaning == .null { return tool }
            guard let spec = MappingReader(value, context, expected: "a tool like { side: backend, description: … }") else { return nil }
            spec.rejectUnknownKeys(allowed: ["side", "description"], in: "tool '\(key.value)'", context)
            if let side = spec["side"].flatMap({ context.word($0, ScriptTool.Side.self, what: "tool side") }) { tool.side = side }
            tool.description = spec["description"].flatMap { context.string($0, "a description") }
            return tool
        }
    }

    private func tables(_ node: YAMLNode) -> [String: [String: JSONValue]] {
        guard let map = MappingReader(node, context, expected: "a mapping of table names to { key: row }") else { return [:] }
        var tables: [String: [String: JSONValue]] = [:]
        for (name, value) in map.pairs {
            guard let rows = MappingReader(value, context, expected: "table '\(name.value)': a mapping of keys to rows") else { continue }
            var table: [String: JSONValue] = [:]
            for (key, row) in rows.pairs { table[key.value] = context.json(row) }
            tables[name.value] = table
        }
        return tables
    }
}
