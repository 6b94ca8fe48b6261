import ParleyModel

/// Reads required and optional string fields of one object, naming the path in errors.
struct FieldReader {
    var value: JSONValue
    var path: String

    func string(_ key: String) throws(RunInputError) -> String {
        guard let text = optionalString(key) else { throw RunInputError("\(name(key)) is missing or not a string") }
        return text
    }

    func optionalString(_ key: String) -> String? {
        if case .string(let text)? = value[key] { return text }
        return nil
    }

    func name(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}
