import Foundation
import ParleyModel

/// Typed reads of scalar nodes, each reporting what it expected when the node does not fit.
extension ParseContext {
    /// Any scalar as text (numbers and booleans as written).
    package func string(_ node: YAMLNode, _ what: String = "a text value") -> String? {
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
        return TemplateParser.parse(text, at: node.location, quoted: quoted, self)
    }

    /// A duration such as `250ms`, `5s`, `2m` or `1m30s`.
    package func duration(_ node: YAMLNode) -> Duration? {
        DurationParser.duration(node, tooLong: { error($0, at: $1) }, wrongShape: { wrongShape($0, expected: DurationParser.expected) })
    }

    /// A whole number no smaller than `minimum` (and, like every number, no larger than
    /// ``NumberBounds/largestWhole``).
    func integer(_ node: YAMLNode, minimum: Int, _ what: String) -> Int? {
        if case .number(let number) = node.scalarMeaning, number.rounded() == number {
            if let whole = Int(checked: number), whole >= minimum { return whole }
            if number > Double(NumberBounds.largestWhole), case .scalar(let text, _) = node.value {
                error("\(what) must be at most \(NumberBounds.largestWhole); got \(text)", at: node.location)
                return nil
            }
        }
        wrongShape(node, expected: "\(what) (a whole number of at least \(minimum))")
        return nil
    }

    /// `true` or `false`.
    package func bool(_ node: YAMLNode) -> Bool? {
        if case .bool(let value) = node.scalarMeaning { return value }
        wrongShape(node, expected: "true or false")
        return nil
    }

    /// One of a closed set of words, with a suggestion when it is misspelled.
    package func word<Word: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ type: Word.Type, what: String) -> Word?
    where Word.RawValue == String {
        guard let text = string(node, what) else { return nil }
        if let word = Word(rawValue: text) { return word }
        let names = Word.allCases.map(\.rawValue)
        error(
            "unknown \(what) '\(text)' (expected one of \(names.joined(separator: ", ")))\(Suggestion.hint(for: text, in: names))",
            at: node.location)
        return nil
    }

    /// A scalar or a list of scalars, as located strings.
    func stringList(_ node: YAMLNode, _ what: String) -> [Located<String>] {
        switch node.value {
        case .scalar(let text, _): return [Located(text, at: node.location)]
        case .sequence(let items):
            return items.compactMap { item in string(item, what).map { Located($0, at: item.location) } }
        case .mapping:
            wrongShape(node, expected: "\(what) or a list of them")
            return []
        }
    }

    /// A name usable in `${…}`: letters, digits, `_` and `-`, not starting with a digit.
    func identifier(_ key: Located<String>, _ what: String) -> String? {
        if Self.isIdentifier(key.value) { return key.value }
        error("'\(key.value)' is not a valid \(what): use ASCII letters, digits, '_' or '-', starting with a letter", at: key.location)
        return nil
    }

    /// ASCII only, like the schema's pattern, so names survive every shell, CSV header and report.
    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// Any YAML value as a value template: scalars keep their YAML meaning, strings become templates.
    func valueTemplate(_ node: YAMLNode) -> ValueTemplate {
        switch node.value {
        case .scalar(let text, let quoted):
            switch node.scalarMeaning {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .number(let value):
                // `1e400` reads as infinity, which no JSON can carry and no report can print.
                guard value.isFinite else {
                    error("number \(text) is out of range; the largest is about 1.8e308", at: node.location)
                    return .null
                }
                return .number(value)
            case .string, nil:
                return TemplateParser.parse(text, at: node.location, quoted: quoted, self).map(ValueTemplate.string) ?? .null
            }
        case .sequence(let items):
            return .array(items.map(valueTemplate))
        case .mapping(let pairs):
            return .object(pairs.map { (key: $0.key.value, value: valueTemplate($0.value)) })
        }
    }

    /// A regular expression that must compile, checked now so a typo fails validation, not a run.
    func checkRegex(_ template: Template) {
        guard let pattern = template.literalText else { return }
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            self.error("invalid regular expression '\(pattern)'", at: template.location)
        }
    }
}
