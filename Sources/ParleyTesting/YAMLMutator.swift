/// Mutations of a YAML file for fuzz tests: each takes the file's bytes and a generator and
/// returns bytes that a parser must refuse or accept without crashing or hanging.
public enum YAMLMutation: String, CaseIterable, Sendable {
    /// A few bytes replaced by random ones (often invalid UTF-8).
    case byteFlips
    /// The file cut at a random byte.
    case truncation
    /// A value replaced by a huge, tiny or odd number (`1e308`, `99999999999999999999s`, …).
    case hugeScalar
    /// A value replaced by flow collections nested hundreds deep.
    case deepNesting
    /// Invalid UTF-8 sequences inserted.
    case invalidUTF8
    /// A line written twice (duplicated keys and steps).
    case duplicateLine
    /// An anchor and aliases of it sprinkled over values, keys and list items.
    case aliases
    /// A line's indentation changed.
    case indentation

    /// The scalars that numbers and durations must survive.
    public static let hugeScalars = [
        "1e308", "-1e308", "1e400", "-1e400", "99999999999999999999", "-99999999999999999999", "99999999999999999999s",
        "99999999999999999999ms", "1e30", "9007199254740993", "0x7fffffffffffffffffff", "1000000000000h", "1.5e-320",
        "-0", ".inf", ".nan", "99999999999999999999m99999999999999999999s", "0.0000001ms",
    ]

    /// `bytes` mutated this way.
    public func apply(to bytes: [UInt8], using generator: inout some RandomNumberGenerator) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        var bytes = bytes
        switch self {
        case .byteFlips:
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
        case .truncation:
            bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
        case .hugeScalar:
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let scalar = Self.hugeScalars.randomElement(using: &generator) ?? "1e308"
                bytes = Self.replacingValue(in: bytes, with: Array(scalar.utf8), using: &generator)
            }
        case .deepNesting:
            let depth = Int.random(in: 50...1200, using: &generator)
            let (open, close): (String, String) = Bool.random(using: &generator) ? ("[", "]") : ("{a: ", "}")
            let nested = String(repeating: open, count: depth) + "x" + String(repeating: close, count: depth)
            bytes = Self.replacingValue(in: bytes, with: Array(nested.utf8), using: &generator)
        case .invalidUTF8:
            let junk: [[UInt8]] = [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC0, 0xAF], [0x00]]
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0...bytes.count, using: &generator)
                bytes.insert(contentsOf: junk.randomElement(using: &generator) ?? [0xFF], at: at)
            }
        case .duplicateLine:
            let lines = Self.lineRanges(bytes)
            let line = lines[Int.random(in: 0..<lines.count, using: &generator)]
            bytes.insert(contentsOf: Array(bytes[line]) + [0x0A], at: line.lowerBound)
        case .aliases:
            bytes = Self.replacingValue(in: bytes, with: Array("&bomb [lol, lol, lol, lol, lol, lol, lol, lol, lol]".utf8), using: &generator)
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let forms = ["*bomb", "[*bomb, *bomb, *bomb, *bomb]", "{ *bomb : x }", "{ ? *bomb : x }", "[*bomb]: x"]
                bytes = Self.replacingValue(in: bytes, with: Array((forms.randomElement(using: &generator) ?? "*bomb").utf8), using: &generator)
            }
        case .indentation:
            let lines = Self.lineRanges(bytes)
            let line = lines[Int.random(in: 0..<lines.count, using: &generator)]
            if Bool.random(using: &generator), bytes[line].first == 0x20 {
                bytes.remove(at: line.lowerBound)
            } else {
                bytes.insert(contentsOf: Array(repeating: 0x20, count: Int.random(in: 1...3, using: &generator)), at: line.lowerBound)
            }
        }
        return bytes
    }

    /// The ranges of the lines of `bytes`, without their line feeds; at least one.
    static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            ranges.append(start..<index)
            start = index + 1
        }
        ranges.append(start..<bytes.count)
        return ranges
    }

    /// `bytes` with the value after a random `: ` or `- ` (up to the line's end) replaced by `value`;
    /// unchanged when there is none.
    static func replacingValue(in bytes: [UInt8], with value: [UInt8], using generator: inout some RandomNumberGenerator) -> [UInt8] {
        var starts: [Int] = []
        for index in 1..<max(bytes.count, 1) where bytes[index] == 0x20 && (bytes[index - 1] == 0x3A || bytes[index - 1] == 0x2D) {
            starts.append(index + 1)
        }
        guard let start = starts.randomElement(using: &generator) else { return bytes }
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        var result = bytes
        result.replaceSubrange(start..<end, with: value)
        return result
    }
}
