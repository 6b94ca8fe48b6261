import ParleyModel

/// JSON text parsed byte by byte straight into `JSONValue`: no Foundation objects on the way, which
/// cost about a tenth of `parley run`'s CPU on an AG-UI stream (issue 20).
///
/// It answers as `JSONSerialization` did, so nothing reading the wire changes: any value at the
/// top, numbers as `Double`, object keys sorted with the last of a repeated key winning, one
/// trailing comma allowed in arrays and objects, at most 512 levels of nesting, and the rest of
/// RFC 8259 strictly (no leading zeros, no lone surrogates, no control characters in strings, UTF-8 only).
struct JSONParser {
    /// Text that is not JSON; the caller says which text.
    struct Malformed: Error {}

    /// How deep arrays and objects may nest, as `JSONSerialization` allows.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value `bytes` hold, or nil when they are not one JSON value (surrounding whitespace and
    /// a leading UTF-8 byte order mark aside).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var parser = JSONParser(bytes: bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.index = 3 }
        do {
            let value = try parser.value()
            parser.skipWhitespace()
            return parser.index == bytes.count ? value : nil
        } catch {
            return nil
        }
    }

    private mutating func value() throws(Malformed) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw Malformed() }
        switch bytes[index] {
        case .openBrace: return try object()
        case .openBracket: return try array()
        case .quote: return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default: return .number(try number())
        }
    }

    private mutating func array() throws(Malformed) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var items: [JSONValue] = []
        skipWhitespace()
        if take(.closeBracket) { return .array(items) }
        while true {
            items.append(try value())
            skipWhitespace()
            if take(.comma) {
                skipWhitespace()
                if take(.closeBracket) { return .array(items) }
            } else if take(.closeBracket) {
                return .array(items)
            } else {
                throw Malformed()
            }
        }
    }

    private mutating func object() throws(Malformed) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [JSONMember] = []
        skipWhitespace()
        if take(.closeBrace) { return .object(members) }
        while true {
            guard index < bytes.count, bytes[index] == .quote else { throw Malformed() }
            let key = try string()
            skipWhitespace()
            guard take(.colon) else { throw Malformed() }
            members.append(JSONMember(key, try value()))
            skipWhitespace()
            if take(.comma) {
                skipWhitespace()
                if take(.closeBrace) { break }
            } else if take(.closeBrace) {
                break
            } else {
                throw Malformed()
            }
        }
        return .object(Self.keyed(members))
    }

    /// Members in key order, the last of a repeated key kept: what reading them through a
    /// Foundation dictionary gave, which callers and stored transcripts have come to rely on.
    static func keyed(_ members: [JSONMember]) -> [JSONMember] {
        var ordered = true
        for position in members.indices.dropFirst() where !(members[position - 1].key < members[position].key) {
            ordered = false
            break
        }
        if ordered { return members }
        let order = members.indices.sorted { (members[$0].key, $0) < (members[$1].key, $1) }
        var result: [JSONMember] = []
        result.reserveCapacity(members.count)
        for position in order {
            if let last = result.last, last.key == members[position].key {
                result[result.count - 1] = members[position]
            } else {
                result.append(members[position])
            }
        }
        return result
    }

    /// Steps into an array or object (at its opening bracket), refusing nesting past the limit.
    private mutating func enter() throws(Malformed) {
        index += 1
        depth += 1
        guard depth <= Self.maximumDepth else { throw Malformed() }
    }

    private mutating func string() throws(Malformed) -> String {
        index += 1
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == .quote {
                let text = try Self.text(UnsafeBufferPointer(rebasing: bytes[start..<index]), ascii: ascii)
                index += 1
                return text
            }
            if byte == .backslash { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw Malformed() }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw Malformed()
    }

    /// The rest of a string that has escapes, from its first backslash (at `index`).
    private mutating func escapedString(from start: Int) throws(Malformed) -> String {
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case .quote:
                return try utf8.withUnsafeBufferPointer { buffer throws(Malformed) in try Self.text(buffer, ascii: false) }
            case .backslash:
                guard index < bytes.count else { throw Malformed() }
                let escape = bytes[index]
                index += 1
                switch escape {
                case .quote, .backslash, UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): UTF8.encode(try unicodeEscape()) { utf8.append($0) }
                default: throw Malformed()
                }
            case ..<0x20:
                throw Malformed()
            default:
                utf8.append(byte)
            }
        }
        throw Malformed()
    }

    /// A string's bytes as text. Decoding would quietly repair bad UTF-8; such text is refused instead.
    private static func text(_ utf8: UnsafeBufferPointer<UInt8>, ascii: Bool) throws(Malformed) -> String {
        let text = String(decoding: utf8, as: UTF8.self)
        guard ascii || text.utf8.elementsEqual(utf8) else { throw Malformed() }
        return text
    }

    /// The scalar of a `\u` escape after its `u`; a surrogate pair takes the `\u` escape after it too.
    private mutating func unicodeEscape() throws(Malformed) -> Unicode.Scalar {
        let first = try hexQuad()
        switch first {
        case 0xD800..<0xDC00:
            guard index + 1 < bytes.count, bytes[index] == .backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                throw Malformed()
            }
            index += 2
            let second = try hexQuad()
            guard (0xDC00..<0xE000).contains(second) else { throw Malformed() }
            // Always a valid scalar: a pair spans U+10000 to U+10FFFF.
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        case 0xDC00..<0xE000:
            throw Malformed()
        default:
            return Unicode.Scalar(first)!
        }
    }

    private mutating func hexQuad() throws(Malformed) -> UInt32 {
        guard index + 4 <= bytes.count else { throw Malformed() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Malformed()
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func number() throws(Malformed) -> Double {
        let start = index
        let negative = take(UInt8(ascii: "-"))
        let integerStart = index
        guard index < bytes.count, bytes[index].isDigit else { throw Malformed() }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, bytes[index].isDigit { throw Malformed() }
        } else {
            skipDigits()
        }
        let integerEnd = index
        var integral = true
        if take(UInt8(ascii: ".")) {
            integral = false
            guard index < bytes.count, bytes[index].isDigit else { throw Malformed() }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard index < bytes.count, bytes[index].isDigit else { throw Malformed() }
            skipDigits()
        }
        // Up to 18 digits fit an Int64, whose conversion to Double rounds exactly as parsing would.
        if integral && integerEnd - integerStart <= 18 {
            var magnitude: Int64 = 0
            for byte in bytes[integerStart..<integerEnd] { magnitude = magnitude * 10 + Int64(byte - UInt8(ascii: "0")) }
            return Double(negative ? -magnitude : magnitude)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw Malformed() }
        return value
    }

    private mutating func skipDigits() {
        while index < bytes.count, bytes[index].isDigit { index += 1 }
    }

    private mutating func literal(_ word: StaticString) throws(Malformed) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Malformed() }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw Malformed() }
        index += count
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}

extension UInt8 {
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let colon = UInt8(ascii: ":")

    fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
