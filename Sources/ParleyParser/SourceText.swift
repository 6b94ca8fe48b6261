/// A file's text split into lines, for code frames under diagnostics.
public struct SourceText: Sendable {
    /// The path as the user named it.
    public var path: String
    /// The whole text.
    public var text: String
    /// The lines, without their line breaks.
    public var lines: [Substring]

    /// Wraps a file's text.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.lines = Self.lines(of: text)
    }

    /// Line `number` (1-based), if the file has it.
    public func line(_ number: Int) -> Substring? {
        lines.indices.contains(number - 1) ? lines[number - 1] : nil
    }

    /// The lines of `text`, split where `Character.isNewline` splits them, read byte by byte: every
    /// newline character is one scalar (LF, VT, FF, CR, NEL, LS, PS) or CR LF, and none joins a
    /// neighbour in a grapheme, so the bytes find the same breaks. Splitting by `Character` made
    /// this a tenth of a debug `parley validate`'s CPU, and every command parses a file or two.
    static func lines(of text: String) -> [Substring] {
        let utf8 = text.utf8
        var lines: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let width = breakWidth(utf8, at: index)
            if width == 0 {
                index = utf8.index(after: index)
                continue
            }
            lines.append(text[start..<index])
            index = utf8.index(index, offsetBy: width)
            start = index
        }
        lines.append(text[start..<utf8.endIndex])
        return lines
    }

    /// How many bytes the line break at `index` takes; 0 when none starts there.
    private static func breakWidth(_ utf8: String.UTF8View, at index: String.Index) -> Int {
        func byte(_ offset: Int) -> UInt8? {
            guard let at = utf8.index(index, offsetBy: offset, limitedBy: utf8.endIndex), at != utf8.endIndex else { return nil }
            return utf8[at]
        }
        switch utf8[index] {
        case 0x0A, 0x0B, 0x0C: return 1
        case 0x0D: return byte(1) == 0x0A ? 2 : 1
        case 0xC2: return byte(1) == 0x85 ? 2 : 0
        case 0xE2: return byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9) ? 3 : 0
        default: return 0
        }
    }
}
