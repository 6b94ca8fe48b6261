import Foundation
import ParleyModel
import ParleyParser

/// Collects the diagnostics of one script parse and reads typed values out of YAML nodes.
///
/// ParleyParser keeps its own context, mapping reader and "did you mean" internal; this is the
/// script's counterpart, built on the same public `YAMLNode` and `Diagnostic`, so messages read alike.
final class ScriptContext {
    private(set) var diagnostics: [Diagnostic] = []
    /// The script's text, to point carets inside scalars.
    let source: SourceText?

    init(source: SourceText?) {
        self.source = source
    }

    func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(.error(message, at: location))
    }

    func append(_ more: [Diagnostic]) {
        diagnostics.append(contentsOf: more)
    }

    /// Reports `node` as the wrong shape: "expected X, got Y".
    func wrongShape(_ node: YAMLNode, expected: String) {
        error("expected \(expected), got \(node.shapeName)", at: node.location)
    }

    /// Any scalar as text (numbers and booleans as written).
    func string(_ node: YAMLNode, _ what: String) -> String? {
        guard case .scalar(let text, _) = node.value else {
            wrongShape(node, expected: what)
            return nil
        }
        return text
    }

    /// A scalar as a template with `${…}` references.
    func template(_ node: YAMLNode, _ what: String = "a text value") -> Template? {
        guard case .scalar(let text, let quoted) = node.value else {
            wrongShape(node, expected: what)
            return nil
        }
        return ScriptTemplateParser(context: self).parse(text, at: node.location, quoted: quoted)
    }

    /// A duration such as `250ms`, `5s`, `2m` or `1m30s`.
    func duration(_ node: YAMLNode) -> Duration? {
        DurationParser.duration(node, tooLong: { error($0, at: $1) }, wrongShape: { wrongShape($0, expected: DurationParser.expected) })
    }

    /// A whole number no smaller than `minimum` and below a billion: scripts count chunks, queue
    /// places and minutes, and a larger count would only make the simulator spin.
    func integer(_ node: YAMLNode, minimum: Int, _ what: String) -> Int? {
        if case .number(let number) = node.scalarMeaning, number.rounded() == number {
            if number >= Double(Self.largestCount), case .scalar(let text, _) = node.value {
                error("\(what) must be at most \(Self.largestCount - 1); got \(text)", at: node.location)
                return nil
            }
            if let whole = Int(checked: number), whole >= minimum { return whole }
        }
        wrongShape(node, expected: "\(what) (a whole number of at least \(minimum))")
        return nil
    }

    /// One more than the largest count a script may write.
    static let largestCount = 1_000_000_000

    /// `true` or `false`.
    func bool(_ node: YAMLNode) -> Bool? {
        if case .bool(let value) = node.scalarMeaning { return value }
        wrongShape(node, expected: "true or false")
        return nil
    }

    /// One of a closed set of words, with a suggestion when it is misspelled.
    func word<Word: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ type: Word.Type, what: String) -> Word?
    where Word.RawValue == String {
        guard let text = string(node, what) else { return nil }
        if let word = Word(rawValue: text) { return word }
        let names = Word.allCases.map(\.rawValue)
        error(
            "unknown \(what) '\(text)' (expected one of \(names.joined(separator: ", ")))\(Suggestion.hint(for: text, in: names))",
            at: node.location)
        return nil
    }

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

    /// Any YAML value as a value template: scalars keep their YAML meaning, strings become templates.
    func valueTemplate(_ node: YAMLNode) -> ValueTemplate {
        switch node.value {
        case .scalar:
            switch node.scalarMeaning {
            case .null, nil: return .null
            case .bool(let value): return .bool(value)
            case .number(let value): return finite(value, node) ? .number(value) : .null
            case .string: return template(node).map(ValueTemplate.string) ?? .null
            }
        case .sequence(let items): return .array(items.map(valueTemplate))
        case .mapping(let pairs): return .object(pairs.map { (key: $0.key.value, value: valueTemplate($0.value)) })
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

    /// A name usable in `${…}`: ASCII letters, digits, `_` and `-`, starting with a letter or `_`.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
        }
    }
}

/// A mapping node with its keys checked against what the position allows.
struct ScriptMapping {
    let node: YAMLNode
    let pairs: [(key: Located<String>, value: YAMLNode)]

    /// Reads `node` as a mapping, or reports what was expected instead and returns nil.
    init?(_ node: YAMLNode, _ context: ScriptContext, expected: String) {
        guard case .mapping(let pairs) = node.value else {
            context.wrongShape(node, expected: expected)
            return nil
        }
        self.node = node
        self.pairs = pairs
    }

    subscript(_ key: String) -> YAMLNode? {
        pairs.first { $0.key.value == key }?.value
    }

    /// Reports every key not in `allowed`, with the closest allowed one as a suggestion.
    func rejectUnknownKeys(allowed: [String], in place: String, _ context: ScriptContext) {
        for (key, _) in pairs where !allowed.contains(key.value) {
            context.error("unknown key '\(key.value)' in \(place)\(Suggestion.hint(for: key.value, in: allowed))", at: key.location)
        }
    }

    /// Reports each of `required` that is missing.
    func require(_ required: [String], in place: String, _ context: ScriptContext) {
        for key in required where self[key] == nil {
            context.error("\(place) needs '\(key)'", at: node.location)
        }
    }
}
