import ParleyModel

/// Typed reads of wire fields. A value of the wrong type counts as absent, so one odd optional
/// field never costs a whole frame; required fields are checked by the decoders that need them.
/// (Named `…Member` so they cannot collide with helpers elsewhere in the module.)
extension JSONValue {
    /// A string member, or nil when absent or not a string.
    func stringMember(_ key: String) -> String? {
        if case .string(let text)? = self[key] { return text }
        return nil
    }

    /// A string member with an empty string counted as absent.
    func nonEmptyStringMember(_ key: String) -> String? {
        guard let text = stringMember(key), !text.isEmpty else { return nil }
        return text
    }

    /// An id sent as a whole number or as a numeric string (`17`, `"17"`), as CometChat's SDKs accept both.
    func integerMember(_ key: String) -> Int? {
        switch self[key] {
        case .number(let number)?:
            return Int(checked: number)
        case .string(let text)?:
            return Int(text)
        default:
            return nil
        }
    }

    /// An id that may be text or a number, as text: `"tc-1"`, `17` → `"17"`. Empty text is absent.
    func identifierMember(_ key: String) -> String? {
        switch self[key] {
        case .string(let text)? where !text.isEmpty: return text
        case .number(let number)?: return Int(checked: number).map(String.init)
        default: return nil
        }
    }

    /// A number member, or nil.
    func numberMember(_ key: String) -> Double? {
        if case .number(let number)? = self[key] { return number }
        return nil
    }

    /// A boolean member, or nil.
    func boolMember(_ key: String) -> Bool? {
        if case .bool(let flag)? = self[key] { return flag }
        return nil
    }

    /// An object member, or nil when absent or not an object.
    func objectMember(_ key: String) -> JSONValue? {
        guard let value = self[key], case .object = value else { return nil }
        return value
    }

    /// An array member's elements, or nil when absent or not an array.
    func arrayMember(_ key: String) -> [JSONValue]? {
        if case .array(let items)? = self[key] { return items }
        return nil
    }

    /// Whether this is an object.
    var isJSONObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// The object's keys in order; empty for anything else.
    var memberKeys: [String] {
        if case .object(let members) = self { return members.map(\.key) }
        return []
    }
}

extension JSONValue {
    /// The text of a string value, or nil for anything else.
    var stringText: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
