import Foundation
import ParleyModel

/// JSON text from the wire as `JSONValue`, for every connector and server.
extension JSONValue {
    /// Parses JSON text (any value at the top, not only objects) straight into a `JSONValue`
    /// (`JSONParser`). Object keys come out sorted, as when this went through Foundation's
    /// dictionaries, which do not keep the order they were written in.
    public init(parsing data: Data) throws(JSONTextError) {
        let parsed = data.withUnsafeBytes { raw in JSONParser.parse(raw.bindMemory(to: UInt8.self)) }
        guard let parsed else { throw JSONTextError(text: String(decoding: data.prefix(120), as: UTF8.self)) }
        self = parsed
    }

    /// Parses JSON text, reading its UTF-8 in place.
    public init(parsing text: String) throws(JSONTextError) {
        var text = text
        guard let parsed = text.withUTF8({ JSONParser.parse($0) }) else {
            throw JSONTextError(text: String(decoding: text.utf8.prefix(120), as: UTF8.self))
        }
        self = parsed
    }

    /// A `JSONSerialization` result as a `JSONValue`, or nil for a type JSON has not got. Parsing no
    /// longer goes this way; it stays for callers holding Foundation objects.
    public init?(foundation object: Any) {
        switch object {
        case is NSNull:
            self = .null
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            // Booleans are a distinct NSNumber subclass; `as? Bool` would also accept 0 and 1.
            if type(of: number) == type(of: NSNumber(value: true)) {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let array as [Any]:
            var values: [JSONValue] = []
            values.reserveCapacity(array.count)
            for element in array {
                guard let value = JSONValue(foundation: element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let dictionary as [String: Any]:
            var members: [JSONMember] = []
            members.reserveCapacity(dictionary.count)
            for key in dictionary.keys.sorted() {
                guard let value = dictionary[key].flatMap({ JSONValue(foundation: $0) }) else { return nil }
                members.append(JSONMember(key, value))
            }
            self = .object(members)
        default:
            return nil
        }
    }
}

/// Text that is not JSON.
public struct JSONTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The start of the text, for the message.
    public var text: String

    /// Creates an error.
    public init(text: String) {
        self.text = text
    }

    public var description: String { "not valid JSON: \(text)" }
}
