import ParleyModel
import ParleyParser

/// What an agent script reads differently from a flow, on the parser's own context: its
/// templates (no `env.` or `secret.`), plain JSON values, and counts.
extension ParseContext {
    /// A scalar as a script template with `${…}` references.
    func scriptTemplate(_ node: YAMLNode, _ what: String = "a text value") -> Template? {
        guard case .scalar(let text, let quoted) = node.value else {
            wrongShape(node, expected: what)
            return nil
        }
        return TemplateParser.parse(text, at: node.location, quoted: quoted, self, reference: ScriptReference.read)
    }

    /// A whole number no smaller than `minimum` and below a billion: scripts count chunks, queue
    /// places and minutes, and a larger count would only make the simulator spin.
    func count(_ node: YAMLNode, minimum: Int, _ what: String) -> Int? {
        if case .number(let number) = node.scalarMeaning, number.rounded() == number {
            if number >= Double(Self.largestScriptCount), case .scalar(let text, _) = node.value {
                error("\(what) must be at most \(Self.largestScriptCount - 1); got \(text)", at: node.location)
                return nil
            }
            if let whole = Int(checked: number), whole >= minimum { return whole }
        }
        wrongShape(node, expected: "\(what) (a whole number of at least \(minimum))")
        return nil
    }

    /// One more than the largest count a script may write.
    static let largestScriptCount = 1_000_000_000

    /// A plain YAML value as JSON: scalars keep their YAML 1.2 meaning, nothing is a template.
    func json(_ node: YAMLNode) -> JSONValue {
        switch node.value {
        case .scalar:
            switch node.scalarMeaning {
            case .null, nil: return .null
            case .bool(let value): return .bool(value)
            case .number(let value): return finite(value, node) ? .number(value) : .null
            case .string(let text): return .string(text)
            }
        case .sequence(let items): return .array(items.map(json))
        case .mapping(let pairs): return .object(pairs.map { JSONMember($0.key.value, json($0.value)) })
        }
    }

    /// Any YAML value as a value template: scalars keep their YAML meaning, strings become script templates.
    func scriptValueTemplate(_ node: YAMLNode) -> ValueTemplate {
        switch node.value {
        case .scalar:
            switch node.scalarMeaning {
            case .null, nil: return .null
            case .bool(let value): return .bool(value)
            case .number(let value): return finite(value, node) ? .number(value) : .null
            case .string: return scriptTemplate(node).map(ValueTemplate.string) ?? .null
            }
        case .sequence(let items): return .array(items.map(scriptValueTemplate))
        case .mapping(let pairs): return .object(pairs.map { (key: $0.key.value, value: scriptValueTemplate($0.value)) })
        }
    }

    /// Whether `value` is finite; `1e400` reads as infinity, which no JSON frame can carry.
    private func finite(_ value: Double, _ node: YAMLNode) -> Bool {
        guard !value.isFinite else { return true }
        if case .scalar(let text, _) = node.value {
            error("number \(text) is out of range; the largest is about 1.8e308", at: node.location)
        }
        return false
    }

    /// A list, or a single item read as a list of one.
    func list(_ node: YAMLNode) -> [YAMLNode] {
        if case .sequence(let items) = node.value { return items }
        return [node]
    }
}
