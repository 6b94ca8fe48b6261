import ParleyModel

/// The pieces schemas are built from. Alternatives are told apart with `if`/`then`/`else` on
/// the value's JSON type or on a key it holds, rather than with `anyOf`: under `anyOf` a typo
/// deep inside one branch makes every branch fail, and a validator can only say "not valid
/// under any of the given schemas"; under `if` it reports the one branch that applies, down to
/// the misspelt key ("Additional properties are not allowed ('include' was unexpected)").
extension SchemaExporter {
    static let string: JSONValue = .object([JSONMember("type", "string")])
    static let boolean: JSONValue = .object([JSONMember("type", "boolean")])
    static let scalar: JSONValue = .object([JSONMember("type", ["string", "number", "boolean", "null"])])
    /// What a matcher means as a plain value: a scalar, or a list it must equal.
    static let plainValue: JSONValue = .object([JSONMember("type", ["string", "number", "boolean", "null", "array"])])

    /// A number from 0 to 1: a threshold.
    static let fraction: JSONValue = .object([JSONMember("type", "number"), JSONMember("minimum", 0), JSONMember("maximum", 1)])

    static func integer(minimum: Int) -> JSONValue {
        .object([JSONMember("type", "integer"), JSONMember("minimum", .number(Double(minimum)))])
    }

    static func ref(_ name: String) -> JSONValue { .object([JSONMember("$ref", .string("#/$defs/\(name)"))]) }
    static func array(_ items: JSONValue) -> JSONValue { .object([JSONMember("type", "array"), JSONMember("items", items)]) }
    static func anyOf(_ schemas: [JSONValue]) -> JSONValue { .object([JSONMember("anyOf", .array(schemas))]) }
    static func enumeration(_ values: [String]) -> JSONValue { .object([JSONMember("enum", .array(values.map(JSONValue.string)))]) }
    static func constant(_ value: String) -> JSONValue { .object([JSONMember("const", .string(value))]) }

    /// `then` for a value of one of JSON `types`, `otherwise` for any other.
    static func when(_ types: [String], then: JSONValue?, otherwise: JSONValue) -> JSONValue {
        let type: JSONValue = types.count == 1 ? .string(types[0]) : .array(types.map(JSONValue.string))
        return when(.object([JSONMember("type", type)]), then: then, otherwise: otherwise)
    }

    /// `then` where `condition` holds, `otherwise` elsewhere.
    static func when(_ condition: JSONValue, then: JSONValue?, otherwise: JSONValue?) -> JSONValue {
        var members = [JSONMember("if", condition)]
        if let then { members.append(JSONMember("then", then)) }
        if let otherwise { members.append(JSONMember("else", otherwise)) }
        return .object(members)
    }

    /// Where the mapping holds `key`, `then` applies too.
    static func whenPresent(_ key: String, then: JSONValue) -> JSONValue {
        when(.object([JSONMember("required", [.string(key)])]), then: then, otherwise: nil)
    }

    /// Only these keys, as a `then` of `whenPresent`: "'expect' is not one of ['send']".
    static func onlyKeys(_ keys: [String]) -> JSONValue {
        .object([JSONMember("propertyNames", enumeration(keys))])
    }

    /// `schema` with `text` as its description, the hover text of editors.
    static func describe(_ schema: JSONValue, _ text: String) -> JSONValue {
        with(schema, [JSONMember("description", .string(text))])
    }

    /// `schema` with `more` members.
    static func with(_ schema: JSONValue, _ more: [JSONMember]) -> JSONValue {
        guard case .object(let members) = schema else { return schema }
        return .object(members + more)
    }

    /// A closed object: the given properties and no others. `additionalProperties` comes before
    /// `required`: a misspelt required key breaks both, and where errors tie a validator reports
    /// the first, which should be the misspelling ("'elemnt' was unexpected"), not its effect.
    static func object(_ properties: [(String, JSONValue)], required: [String] = []) -> JSONValue {
        var members = [
            JSONMember("type", "object"), JSONMember("properties", .object(properties.map { JSONMember($0.0, $0.1) })),
            JSONMember("additionalProperties", false),
        ]
        if !required.isEmpty { members.append(JSONMember("required", .array(required.map(JSONValue.string)))) }
        return .object(members)
    }

    /// The properties `keys` declares, each with its schema from `schemas` and its description
    /// from the declaration. `schemas` must give exactly the declared keys.
    static func properties(_ keys: [KeyDeclaration], _ schemas: [String: JSONValue]) -> [(String, JSONValue)] {
        precondition(Set(keys.names) == Set(schemas.keys), "schemas for \(schemas.keys.sorted()), keys \(keys.names)")
        return keys.map { ($0.name, describe(schemas[$0.name]!, $0.summary)) }
    }

    /// A closed object of the keys `keys` declares, requiring the ones it marks required.
    static func object(_ keys: [KeyDeclaration], _ schemas: [String: JSONValue]) -> JSONValue {
        object(properties(keys, schemas), required: keys.requiredNames)
    }
}
