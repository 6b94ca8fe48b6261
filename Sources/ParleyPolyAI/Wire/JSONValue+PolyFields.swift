import ParleyModel

/// Typed reads of payload fields the way the SDK's decoders read them: a value of the wrong type
/// counts as absent, so one odd field never costs the whole event.
extension JSONValue {
    /// A string member, or nil when absent or not a string.
    func string(_ key: String) -> String? {
        if case .string(let text)? = self[key] { return text }
        return nil
    }

    /// A string member, with an empty string counted as absent (the SDK's URL fields).
    func nonEmptyString(_ key: String) -> String? {
        guard let text = string(key), !text.isEmpty else { return nil }
        return text
    }

    /// A whole-number member (a JSON double with an integral value counts), or nil.
    func integer(_ key: String) -> Int? {
        self[key]?.integerValue
    }

    /// A boolean member, or nil.
    func bool(_ key: String) -> Bool? {
        if case .bool(let flag)? = self[key] { return flag }
        return nil
    }

    /// An array member's object elements; other elements are skipped.
    func objects(_ key: String) -> [JSONValue] {
        guard case .array(let items)? = self[key] else { return [] }
        return items.filter { if case .object = $0 { true } else { false } }
    }

    /// An object member, or nil when absent or not an object.
    func object(_ key: String) -> JSONValue? {
        guard let value = self[key], case .object = value else { return nil }
        return value
    }

    /// This value as a whole number, or nil when it is not one.
    var integerValue: Int? {
        guard case .number(let number) = self else { return nil }
        return Int(checked: number)
    }

    /// Whether this is an object.
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
