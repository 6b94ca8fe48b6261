extension String {
    /// This text with every character that could drive a terminal or reorder what it shows spelled
    /// out visibly, on one line: `\e` (ESC), `\r`, `\n`, `\t`, `\0`, `\a` (BEL), `\b`, `\f`, `\v`, and
    /// `\u{7F}`-style for the rest of C0, DEL, C1 (`\u{85}`, `\u{9B}`) and the bidirectional
    /// embeddings, overrides and isolates (`\u{202E}`, `\u{2066}`…) that make text read otherwise
    /// than it is stored. Line and paragraph separators (`\u{2028}`, `\u{2029}`) too, as they break
    /// a line for some viewers.
    ///
    /// For the console and the summary, where agent text must not move the cursor, recolour, ring
    /// or forge a line. Backslashes are left alone, so escaping twice changes nothing.
    public var escapingControls: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            guard Self.needsEscape(scalar) else {
                out.append(scalar)
                continue
            }
            out.append(contentsOf: Self.escape(scalar).unicodeScalars)
        }
        return String(out)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x1B: return "\\e"
        case 0x0D: return "\\r"
        case 0x0A: return "\\n"
        case 0x09: return "\\t"
        case 0x00: return "\\0"
        case 0x07: return "\\a"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        case 0x0B: return "\\v"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
