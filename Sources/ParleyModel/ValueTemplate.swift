/// A YAML value whose strings may hold `${…}` references: form values, tool results, `set`, `with`.
public indirect enum ValueTemplate: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(Template)
    case array([ValueTemplate])
    case object([(key: String, value: ValueTemplate)])

    public static func == (lhs: ValueTemplate, rhs: ValueTemplate) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// This value with every template in it refusing empty values: a matcher's operand.
    public var refusingEmpty: ValueTemplate {
        switch self {
        case .null, .bool, .number: return self
        case .string(let template): return .string(template.refusingEmpty)
        case .array(let values): return .array(values.map(\.refusingEmpty))
        case .object(let members): return .object(members.map { (key: $0.key, value: $0.value.refusingEmpty) })
        }
    }

    /// Every template inside this value, depth first.
    public var templates: [Template] {
        switch self {
        case .null, .bool, .number: return []
        case .string(let template): return [template]
        case .array(let values): return values.flatMap(\.templates)
        case .object(let members): return members.flatMap(\.value.templates)
        }
    }
}
