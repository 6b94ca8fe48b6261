import ParleyModel

/// One decoded RFC 6902 operation. Decoding first, applying second, keeps "the patch is malformed"
/// apart from "the patch does not fit this document" in the messages.
enum JSONPatchOperation: Hashable, Sendable {
    case add(JSONPointer, JSONValue)
    case remove(JSONPointer)
    case replace(JSONPointer, JSONValue)
    case move(from: JSONPointer, to: JSONPointer)
    case copy(from: JSONPointer, to: JSONPointer)
    case test(JSONPointer, JSONValue)

    /// Decodes the operation at `index`; members RFC 6902 does not define are ignored, as it asks.
    init(_ json: JSONValue, index: Int) throws(JSONPatchError) {
        guard case .object = json else {
            throw JSONPatchError(operation: index, reason: "an operation is an object, not \(JSONPointer.kind(of: json))")
        }
        guard case .string(let op) = json["op"] else {
            throw JSONPatchError(operation: index, reason: "no string \"op\"")
        }
        guard case .string(let pathText) = json["path"] else {
            throw JSONPatchError(operation: index, summary: op, reason: "no string \"path\"")
        }
        let summary = "\(op) \(pathText.isEmpty ? "\"\"" : pathText)"
        func pointer(_ text: String) throws(JSONPatchError) -> JSONPointer {
            do {
                return try JSONPointer(parsing: text)
            } catch {
                throw JSONPatchError(operation: index, summary: summary, reason: error.reason)
            }
        }
        func value() throws(JSONPatchError) -> JSONValue {
            guard let value = json["value"] else { throw JSONPatchError(operation: index, summary: summary, reason: "no \"value\"") }
            return value
        }
        func from() throws(JSONPatchError) -> JSONPointer {
            guard case .string(let text) = json["from"] else {
                throw JSONPatchError(operation: index, summary: summary, reason: "no string \"from\"")
            }
            return try pointer(text)
        }
        switch op {
        case "add": self = .add(try pointer(pathText), try value())
        case "remove": self = .remove(try pointer(pathText))
        case "replace": self = .replace(try pointer(pathText), try value())
        case "move": self = .move(from: try from(), to: try pointer(pathText))
        case "copy": self = .copy(from: try from(), to: try pointer(pathText))
        case "test": self = .test(try pointer(pathText), try value())
        default:
            throw JSONPatchError(
                operation: index,
                summary: summary,
                reason: "unknown op '\(op)' (expected add, remove, replace, move, copy or test)"
            )
        }
    }

    /// `replace /user/name`, `move /a to /b`: how messages name the operation.
    var summary: String {
        switch self {
        case .add(let path, _): "add \(Self.shown(path))"
        case .remove(let path): "remove \(Self.shown(path))"
        case .replace(let path, _): "replace \(Self.shown(path))"
        case .move(let from, let to): "move \(Self.shown(from)) to \(Self.shown(to))"
        case .copy(let from, let to): "copy \(Self.shown(from)) to \(Self.shown(to))"
        case .test(let path, _): "test \(Self.shown(path))"
        }
    }

    /// The whole-document pointer is the empty string; quoted, so a message does not read "remove :".
    private static func shown(_ pointer: JSONPointer) -> String {
        pointer.tokens.isEmpty ? "\"\"" : pointer.description
    }

    /// The document after this operation.
    func applied(to document: JSONValue) throws(JSONPointer.Failure) -> JSONValue {
        switch self {
        case .add(let path, let value):
            return try path.adding(value, to: document)
        case .remove(let path):
            return try path.removing(from: document)
        case .replace(let path, let value):
            return try path.replacing(with: value, in: document)
        case .move(let from, let to):
            let value = try Self.source(from, in: document, verb: "move")
            guard from != to else { return document }
            guard !from.isProperPrefix(of: to) else {
                throw JSONPointer.Failure("a value cannot be moved into itself")
            }
            return try to.adding(value, to: try from.removing(from: document))
        case .copy(let from, let to):
            return try to.adding(try Self.source(from, in: document, verb: "copy"), to: document)
        case .test(let path, let expected):
            let actual = try path.value(in: document)
            guard Self.equal(actual, expected) else {
                throw JSONPointer.Failure("the value is \(Self.excerpt(actual)), not the expected \(Self.excerpt(expected))")
            }
            return document
        }
    }

    /// The value at `from`, with a message that says it was the source that was missing.
    private static func source(_ from: JSONPointer, in document: JSONValue, verb: String) throws(JSONPointer.Failure) -> JSONValue {
        do {
            return try from.value(in: document)
        } catch {
            throw JSONPointer.Failure("nothing to \(verb) at \(shown(from)): \(error.reason)")
        }
    }

    /// RFC 6902 section 4.6 equality: numbers by value, objects whatever their member order,
    /// arrays element by element. `JSONValue ==` would compare member order too.
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            return left.allSatisfy { member in
                right.first { $0.key == member.key }.map { equal(member.value, $0.value) } ?? false
            }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        case (.number(let left), .number(let right)):
            return left == right
        case (.null, .null):
            return true
        case (.bool(let left), .bool(let right)):
            return left == right
        case (.string(let left), .string(let right)):
            return left == right
        case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _):
            return false
        }
    }

    private static func excerpt(_ value: JSONValue) -> String {
        let text = value.serialized()
        return text.count > 60 ? String(text.prefix(60)) + "…" : text
    }
}
