/// Rendering templates: variables are JSON values, env and secrets come from an injected source,
/// and every secret value used is reported so outputs can redact it.
public struct Interpolation: Sendable {
    /// Flow variables by name.
    public var variables: [String: JSONValue]
    /// Reads `${env.X}` and `${secret.X}`; injected so rendering stays pure.
    public var environment: @Sendable (Reference) -> String?

    /// Creates an interpolation context.
    public init(variables: [String: JSONValue] = [:], environment: @escaping @Sendable (Reference) -> String? = { _ in nil }) {
        self.variables = variables
        self.environment = environment
    }

    /// A rendered string and the secret values that went into it.
    public struct Rendered: Hashable, Sendable {
        /// The text.
        public var text: String
        /// Secret values it contains, for redaction.
        public var secrets: Set<String>
    }

    /// Why a template could not be rendered.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reference that had no value.
        public var reference: Reference
        /// Where it was written.
        public var location: SourceLocation
        /// Whether the reference had a value, but an empty one, where `refusesEmpty` forbids it.
        public var isEmpty: Bool

        /// Creates a failure: a reference with no value, or (`isEmpty`) an empty one.
        public init(reference: Reference, location: SourceLocation, isEmpty: Bool = false) {
            self.reference = reference
            self.location = location
            self.isEmpty = isEmpty
        }

        public var description: String { "\(location): \(message)" }

        /// What is wrong, without where.
        public var message: String {
            if isEmpty { return "\(Self.shown(reference)) is empty; an empty value is never sent or matched" }
            switch reference {
            case .variable: return "variable '\(reference)' has no value"
            case .environment(let name): return "environment variable \(name) is not set"
            case .secret(let name): return "secret \(name) is not set (set \(name), or \(name)_FILE to a file holding it)"
            }
        }

        /// How a failure names a reference: `variable 'x'`, `environment variable X`, `secret X`.
        static func shown(_ reference: Reference) -> String {
            switch reference {
            case .variable: return "variable '\(reference)'"
            case .environment(let name): return "environment variable \(name)"
            case .secret(let name): return "secret \(name)"
            }
        }
    }

    /// Renders `template`, or reports the first reference without a value (or with an empty one,
    /// when the template refuses empty values).
    public func render(_ template: Template) -> Result<Rendered, Failure> {
        var text = ""
        var secrets: Set<String> = []
        for part in template.parts {
            switch part {
            case .literal(let literal):
                text += literal
            case .reference(let reference, let location):
                guard let value = value(of: reference) else { return .failure(Failure(reference: reference, location: location)) }
                if template.refusesEmpty && value.isEmpty { return .failure(Failure(reference: reference, location: location, isEmpty: true)) }
                if case .secret = reference, !value.isEmpty { secrets.insert(value) }
                text += value
            }
        }
        return .success(Rendered(text: text, secrets: secrets))
    }

    /// Renders a value template to JSON: a template that is exactly one variable keeps that variable's JSON type.
    public func render(_ value: ValueTemplate) -> Result<(JSONValue, Set<String>), Failure> {
        switch value {
        case .null: return .success((.null, []))
        case .bool(let flag): return .success((.bool(flag), []))
        case .number(let number): return .success((.number(number), []))
        case .string(let template):
            if template.parts.count == 1, case .reference(.variable(let name, let path), _) = template.parts[0],
                let whole = variables[name].flatMap({ Self.reach(into: $0, path) })
            {
                if template.refusesEmpty && Self.text(whole).isEmpty {
                    return .failure(Failure(reference: template.references[0].0, location: template.references[0].1, isEmpty: true))
                }
                return .success((whole, []))
            }
            return render(template).map { (.string($0.text), $0.secrets) }
        case .array(let items):
            var values: [JSONValue] = []
            var secrets: Set<String> = []
            for item in items {
                switch render(item) {
                case .success(let (value, used)):
                    values.append(value)
                    secrets.formUnion(used)
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success((.array(values), secrets))
        case .object(let members):
            var rendered: [JSONMember] = []
            var secrets: Set<String> = []
            for member in members {
                switch render(member.value) {
                case .success(let (value, used)):
                    rendered.append(JSONMember(member.key, value))
                    secrets.formUnion(used)
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success((.object(rendered), secrets))
        }
    }

    private func value(of reference: Reference) -> String? {
        switch reference {
        case .variable(let name, let path):
            return variables[name].flatMap { Self.reach(into: $0, path) }.map(Self.text)
        case .environment, .secret:
            return environment(reference)
        }
    }

    /// The value at `path` (object keys and array indexes) inside `value`.
    public static func reach(into value: JSONValue, _ path: [String]) -> JSONValue? {
        var current = value
        for segment in path {
            switch current {
            case .object: guard let next = current[segment] else { return nil }; current = next
            case .array(let items):
                guard let index = Int(segment), items.indices.contains(index) else { return nil }
                current = items[index]
            case .null, .bool, .number, .string: return nil
            }
        }
        return current
    }

    /// How a JSON value reads inside text: strings as they are, others as compact JSON.
    public static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .null: return ""
        case .bool, .number, .array, .object:
            return value.compactText()
        }
    }
}
