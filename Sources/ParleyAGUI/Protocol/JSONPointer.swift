import ParleyModel

/// An RFC 6901 JSON Pointer split into its reference tokens, with the edits JSON Patch needs.
///
/// Edits work on a copy of the document (JSONValue is a value), so a failing patch leaves the
/// caller's state untouched and STATE_DELTA is all-or-nothing, as RFC 6902 section 5 asks.
struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// Why a pointer could not be read or followed; JSONPatch adds the operation around it.
    struct Failure: Error, Hashable, Sendable {
        var reason: String

        init(_ reason: String) {
            self.reason = reason
        }
    }

    /// The unescaped reference tokens; empty for the whole document.
    var tokens: [String]

    /// Parses pointer text: `""` is the whole document, anything else starts with `/`, and `~1`
    /// and `~0` stand for `/` and `~`.
    init(parsing text: String) throws(Failure) {
        guard !text.isEmpty else {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else { throw Failure("the pointer '\(text)' does not start with '/'") }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var escaped = false
            for character in raw {
                if escaped {
                    switch character {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: throw Failure("the pointer '\(text)' has '~\(character)'; only ~0 and ~1 are escapes")
                    }
                    escaped = false
                } else if character == "~" {
                    escaped = true
                } else {
                    token.append(character)
                }
            }
            if escaped { throw Failure("the pointer '\(text)' ends a token with a lone '~'") }
            tokens.append(token)
        }
        self.tokens = tokens
    }

    /// The pointer text, escaped again.
    var description: String { Self.text(tokens[...]) }

    /// True when `other` points strictly inside the value this pointer names.
    func isProperPrefix(of other: JSONPointer) -> Bool {
        tokens.count < other.tokens.count && Array(other.tokens.prefix(tokens.count)) == tokens
    }

    /// The value the pointer names.
    func value(in document: JSONValue) throws(Failure) -> JSONValue {
        var current = document
        for depth in tokens.indices {
            let token = tokens[depth]
            switch current {
            case .object(let members):
                guard let member = members.first(where: { $0.key == token }) else { throw Failure("no member '\(token)'") }
                current = member.value
            case .array(let items):
                current = items[try Self.index(token, count: items.count, forInsert: false)]
            case .null, .bool, .number, .string:
                throw Self.notContainer(current, at: tokens[..<depth])
            }
        }
        return current
    }

    /// Adds `value` (RFC 6902 `add`): a new member goes last, an existing one is replaced where it
    /// stands so the object keeps its order, and an array element is inserted (`-` appends).
    func adding(_ value: JSONValue, to document: JSONValue) throws(Failure) -> JSONValue {
        guard !tokens.isEmpty else { return value }
        var result = document
        try editParent(&result, depth: 0) { (container: inout JSONValue, token: String) throws(Failure) in
            switch container {
            case .object(var members):
                if let index = members.firstIndex(where: { $0.key == token }) {
                    members[index].value = value
                } else {
                    members.append(JSONMember(token, value))
                }
                container = .object(members)
            case .array(var items):
                items.insert(value, at: try Self.index(token, count: items.count, forInsert: true))
                container = .array(items)
            case .null, .bool, .number, .string:
                throw Self.notContainer(container, at: tokens.dropLast())
            }
        }
        return result
    }

    /// Removes the value the pointer names (RFC 6902 `remove`); it must exist.
    func removing(from document: JSONValue) throws(Failure) -> JSONValue {
        guard !tokens.isEmpty else { throw Failure("the whole document cannot be removed") }
        var result = document
        try editParent(&result, depth: 0) { (container: inout JSONValue, token: String) throws(Failure) in
            switch container {
            case .object(var members):
                guard let index = members.firstIndex(where: { $0.key == token }) else { throw Failure("no member '\(token)'") }
                members.remove(at: index)
                container = .object(members)
            case .array(var items):
                items.remove(at: try Self.index(token, count: items.count, forInsert: false))
                container = .array(items)
            case .null, .bool, .number, .string:
                throw Self.notContainer(container, at: tokens.dropLast())
            }
        }
        return result
    }

    /// Replaces the value the pointer names (RFC 6902 `replace`); it must exist.
    func replacing(with value: JSONValue, in document: JSONValue) throws(Failure) -> JSONValue {
        guard !tokens.isEmpty else { return value }
        var result = document
        try editParent(&result, depth: 0) { (container: inout JSONValue, token: String) throws(Failure) in
            switch container {
            case .object(var members):
                guard let index = members.firstIndex(where: { $0.key == token }) else { throw Failure("no member '\(token)'") }
                members[index].value = value
                container = .object(members)
            case .array(var items):
                items[try Self.index(token, count: items.count, forInsert: false)] = value
                container = .array(items)
            case .null, .bool, .number, .string:
                throw Self.notContainer(container, at: tokens.dropLast())
            }
        }
        return result
    }

    /// Walks to the container holding the last token and lets `edit` change it in place.
    private func editParent(
        _ node: inout JSONValue,
        depth: Int,
        _ edit: (inout JSONValue, String) throws(Failure) -> Void
    ) throws(Failure) {
        let token = tokens[depth]
        guard depth < tokens.count - 1 else { return try edit(&node, token) }
        switch node {
        case .object(var members):
            guard let index = members.firstIndex(where: { $0.key == token }) else { throw Failure("no member '\(token)'") }
            try editParent(&members[index].value, depth: depth + 1, edit)
            node = .object(members)
        case .array(var items):
            let index = try Self.index(token, count: items.count, forInsert: false)
            try editParent(&items[index], depth: depth + 1, edit)
            node = .array(items)
        case .null, .bool, .number, .string:
            throw Self.notContainer(node, at: tokens[..<depth])
        }
    }

    /// An array index token: decimal digits without leading zeros, or `-` (one past the end) when
    /// inserting. The result is always in range, so subscripting with it cannot trap.
    private static func index(_ token: String, count: Int, forInsert: Bool) throws(Failure) -> Int {
        if token == "-" {
            guard forInsert else { throw Failure("'-' (past the end of the array) names no element") }
            return count
        }
        let isDecimal = !token.isEmpty && token.allSatisfy { $0.isASCII && $0.isNumber } && (token == "0" || !token.hasPrefix("0"))
        guard isDecimal else { throw Failure("'\(token)' is not an array index") }
        let limit = forInsert ? count : count - 1
        guard let index = Int(token), index <= limit else {
            throw Failure("index \(token) is out of range for an array of \(count) element\(count == 1 ? "" : "s")")
        }
        return index
    }

    private static func notContainer(_ value: JSONValue, at tokens: ArraySlice<String>) -> Failure {
        let place = tokens.isEmpty ? "the document" : text(tokens)
        return Failure("\(place) is \(kind(of: value)), not an object or array")
    }

    /// Pointer text for tokens, `~` and `/` escaped again.
    static func text(_ tokens: ArraySlice<String>) -> String {
        var text = ""
        for token in tokens {
            text += "/"
            for character in token {
                switch character {
                case "~": text += "~0"
                case "/": text += "~1"
                default: text.append(character)
                }
            }
        }
        return text
    }

    /// "a string", "an array": for messages.
    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
