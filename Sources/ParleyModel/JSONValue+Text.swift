/// JSON text for values: stable key order, so generated files diff cleanly.
extension JSONValue {
    /// Indented JSON, two spaces a level.
    public func prettyPrinted() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out
    }

    private func write(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value):
            out += value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let text): out += Self.quoted(text)
        case .array(let items):
            guard !items.isEmpty else { return out += "[]" }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 1)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += closing + "]"
        case .object(let members):
            guard !members.isEmpty else { return out += "{}" }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += pad + Self.quoted(member.key) + ": "
                member.value.write(into: &out, indent: indent + 1)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += closing + "}"
        }
    }

    /// Compact JSON with no spaces, for the wire: `{"a":1}`.
    public func serialized() -> String {
        var out = ""
        writeFlat(into: &out, spaced: false)
        return out
    }

    /// The same JSON on one line, for messages and transcript lines: `{ "a": 1, "b": [ 2 ] }`,
    /// the indented text with each line's indent dropped and the lines joined by a space.
    /// Written straight, not by splitting that text: transcripts write one per event, and the
    /// split was a twentieth of a debug `parley run`'s CPU (2026-11-28).
    public func compactText() -> String {
        var out = ""
        writeFlat(into: &out, spaced: true)
        return out
    }

    /// JSON on one line: with no spaces (`serialized`), or a space inside brackets and after
    /// each comma and colon (`compactText`). Empty containers are `[]` and `{}` either way.
    private func writeFlat(into out: inout String, spaced: Bool) {
        switch self {
        case .null, .bool, .number: write(into: &out, indent: 0)
        case .string(let text): Self.appendQuoted(text, to: &out)
        case .array(let items):
            guard !items.isEmpty else { return out += "[]" }
            out += spaced ? "[ " : "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += spaced ? ", " : "," }
                item.writeFlat(into: &out, spaced: spaced)
            }
            out += spaced ? " ]" : "]"
        case .object(let members):
            guard !members.isEmpty else { return out += "{}" }
            out += spaced ? "{ " : "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += spaced ? ", " : "," }
                Self.appendQuoted(member.key, to: &out)
                out += spaced ? ": " : ":"
                member.value.writeFlat(into: &out, spaced: spaced)
            }
            out += spaced ? " }" : "}"
        }
    }

    /// Appends `text` as a JSON string literal. Most text has nothing to escape and is copied
    /// whole; scalar by scalar, the request body of every AG-UI turn cost 3% of `parley run`'s
    /// CPU (issue 20).
    private static func appendQuoted(_ text: String, to out: inout String) {
        if isPlain(text) {
            out += "\""
            out += text
            out += "\""
        } else {
            out += quoted(text)
        }
    }

    /// Whether `text` has nothing to escape: no quote, backslash or control character (a byte of
    /// a multi-byte UTF-8 sequence is never below 0x80).
    private static func isPlain(_ text: String) -> Bool {
        !text.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
    }

    /// A JSON string literal.
    public static func quoted(_ text: String) -> String {
        if isPlain(text) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}
