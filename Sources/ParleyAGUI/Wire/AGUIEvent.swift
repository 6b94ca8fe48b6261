import Foundation
import ParleyCore
import ParleyModel

/// One AG-UI event as it travels: its `type` and all its fields, camelCase, unknown keys kept.
public struct AGUIEvent: Hashable, Sendable, CustomStringConvertible {
    /// The whole JSON object, `type` included.
    public var json: JSONValue

    /// Wraps a decoded object.
    public init(json: JSONValue) {
        self.json = json
    }

    /// An event of a known type with these fields (unset optional fields are simply left out).
    public init(_ type: AGUIEventType, _ fields: [(String, JSONValue?)] = []) {
        var members = [JSONMember("type", .string(type.rawValue))]
        for (key, value) in fields {
            if let value { members.append(JSONMember(key, value)) }
        }
        json = .object(members)
    }

    /// Decodes one SSE `data:` payload. Throws when it is not a JSON object with a string `type`.
    public init(data: String) throws(AGUIDecodingError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            throw AGUIDecodingError("an SSE frame is not JSON: \(Self.excerpt(data))")
        }
        guard case .object = value else { throw AGUIDecodingError("an SSE frame is not a JSON object: \(Self.excerpt(data))") }
        guard case .string = value["type"] else { throw AGUIDecodingError("an SSE frame has no string \"type\": \(Self.excerpt(data))") }
        json = value
    }

    /// The `type` as written.
    public var type: String {
        if case .string(let type) = json["type"] { return type }
        return ""
    }

    /// The type, or nil for a type this version of Parley does not know.
    public var kind: AGUIEventType? { AGUIEventType(rawValue: type) }

    /// A field, or nil when absent.
    public subscript(key: String) -> JSONValue? { json[key] }

    /// A string field, or nil when absent or not a string.
    public func string(_ key: String) -> String? {
        if case .string(let text) = json[key] { return text }
        return nil
    }

    /// The SSE `data:` payload.
    public var serialized: String { json.serialized() }

    /// Reads in messages: the type and the ids that identify it.
    public var description: String {
        let ids = ["messageId", "toolCallId", "stepName", "runId", "name"].compactMap { key in string(key).map { "\(key) \($0)" } }
        return ids.isEmpty ? type : "\(type) (\(ids.joined(separator: ", ")))"
    }

    private static func excerpt(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}

/// A frame that is not an AG-UI event.
public struct AGUIDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, readable as it stands.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
