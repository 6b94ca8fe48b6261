import Foundation

/// One spelling of a secret (as given, NFC or NFD) and the ways text may carry it: each of its
/// characters as itself, backslash-escaped (`\"`, `\u00e9`, `\u{e9}`, `\xe9`, surrogate pairs,
/// and escapes of escapes like `\\\"`), or percent-encoded (`%C3%A9`, `%25C3%25A9`, `+` for a
/// space), mixed freely, since an agent that echoes a secret may have escaped it any way it likes.
/// Foundation is here for the Unicode normalization forms, which the standard library does not offer.
struct SecretForm: Hashable, Sendable {
    /// The spelling's scalars.
    let scalars: [Unicode.Scalar]

    /// The distinct spellings of `secret`: as given, composed (NFC) and decomposed (NFD).
    static func forms(of secret: String) -> [SecretForm] {
        var seen: [[Unicode.Scalar]] = []
        for spelling in [secret, secret.precomposedStringWithCanonicalMapping, secret.decomposedStringWithCanonicalMapping] {
            let scalars = Array(spelling.unicodeScalars)
            if !scalars.isEmpty && !seen.contains(scalars) { seen.append(scalars) }
        }
        return seen.map(SecretForm.init(scalars:))
    }

    /// How far `text` from `start` spells this form.
    enum Match: Equatable {
        /// Not here.
        case none
        /// Here, ending before `end`.
        case whole(end: Int)
        /// The text runs out partway: more text could complete it (a streamed secret).
        case partial
    }

    /// Whether `text` spells this form from `start`: the longest whole spelling, else whether one
    /// could still be completed by more text.
    func match(in text: [Unicode.Scalar], at start: Int) -> Match {
        var best: Int?
        var partial = false
        // A (character, place) pair reached twice adds nothing the first visit did not: without
        // this, a secret with backslashes against long runs of them took exponential time.
        var visited: Set<Int> = []
        func visit(_ index: Int, _ position: Int) {
            guard visited.insert(index * (text.count + 1) + position).inserted else { return }
            if index == scalars.count {
                best = max(best ?? position, position)
                return
            }
            if position == text.count {
                partial = true
                return
            }
            for step in Self.steps(for: scalars[index], in: text, at: position) {
                switch step {
                case .to(let next): visit(index + 1, next)
                case .partial: partial = true
                }
            }
        }
        visit(0, start)
        if let best { return .whole(end: best) }
        return partial ? .partial : .none
    }

    /// Whether `scalar` could be where a spelling of this form begins.
    func mayStart(with scalar: Unicode.Scalar) -> Bool {
        scalar == scalars[0] || scalar == "\\" || scalar == "%" || (scalar == "+" && scalars[0] == " ")
    }

    /// Where one character of the secret, spelled some way, ends in the text.
    enum Step: Equatable {
        case to(Int)
        /// The text ends partway through a spelling that fits so far.
        case partial
    }

    /// Every way `scalar` is spelled at `position`.
    static func steps(for scalar: Unicode.Scalar, in text: [Unicode.Scalar], at position: Int) -> [Step] {
        var steps: [Step] = []
        if text[position] == scalar { steps.append(.to(position + 1)) }
        if scalar == " " && text[position] == "+" { steps.append(.to(position + 1)) }
        // Only an escape or a percent sign can start the other spellings; most text is neither.
        if text[position] == "\\" { steps += escaped(scalar, in: text, at: position) }
        if text[position] == "%" { steps += percentEncoded(scalar, in: text, at: position) }
        return steps
    }

    /// `scalar` after one or more backslashes (more for escaped escapes): `"`, `u00e9`, `u{e9}`,
    /// `xe9`, or a UTF-16 surrogate pair.
    private static func escaped(_ scalar: Unicode.Scalar, in text: [Unicode.Scalar], at position: Int) -> [Step] {
        var bodies: [String] = []
        if let short = shortEscape(scalar) { bodies.append(short) }
        let value = scalar.value
        let hex = String(value, radix: 16)
        bodies.append("u{" + hex + "}")
        if value <= 0xFF { bodies.append("x" + padded(hex, 2)) }
        if value <= 0xFFFF {
            bodies.append("u" + padded(hex, 4))
            return afterBackslashes(text, position, bodies: bodies)
        }
        var steps = afterBackslashes(text, position, bodies: bodies)
        let high = 0xD800 + ((value - 0x10000) >> 10)
        let low = 0xDC00 + ((value - 0x10000) & 0x3FF)
        for step in afterBackslashes(text, position, bodies: ["u" + String(high, radix: 16)]) {
            guard case .to(let next) = step else {
                steps.append(.partial)
                continue
            }
            if next == text.count {
                steps.append(.partial)
                continue
            }
            steps += afterBackslashes(text, next, bodies: ["u" + String(low, radix: 16)])
        }
        return steps
    }

    /// The ends of `\` (once or more) followed by any of `bodies` (hex digits in any case). Seven
    /// backslashes is an escape escaped three times; longer runs are not looked into, so a text of
    /// many backslashes costs no more than a few.
    private static func afterBackslashes(_ text: [Unicode.Scalar], _ position: Int, bodies: [String]) -> [Step] {
        var steps: [Step] = []
        var next = position
        while next < text.count && text[next] == "\\" && next - position < 7 {
            next += 1
            steps += bodies.map { spelled($0, in: text, at: next) }.compactMap { $0 }
            if next == text.count { steps.append(.partial) }
        }
        return steps
    }

    /// `scalar` percent-encoded as UTF-8, each byte `%XX` (or `%25XX`, encoded twice).
    private static func percentEncoded(_ scalar: Unicode.Scalar, in text: [Unicode.Scalar], at position: Int) -> [Step] {
        var ends = [position]
        for byte in String(scalar).utf8 {
            let hex = padded(String(byte, radix: 16), 2)
            var next: [Int] = []
            for end in ends {
                for spelling in ["%" + hex, "%25" + hex] {
                    switch end == text.count ? Step.partial as Step? : spelled(spelling, in: text, at: end) {
                    case .to(let after)?: next.append(after)
                    case .partial?: return [.partial]
                    case nil: continue
                    }
                }
            }
            ends = next
            if ends.isEmpty { return [] }
        }
        return ends.map(Step.to)
    }

    /// Where `spelling` ends if the text spells it at `position`, `.partial` if the text ends
    /// partway through it, nil if it differs. Past its first character (`u`, `x`, `%`) a spelling
    /// is hex digits and braces, which may come in either case; a one-letter escape must match exactly.
    private static func spelled(_ spelling: String, in text: [Unicode.Scalar], at position: Int) -> Step? {
        var next = position
        for (offset, expected) in spelling.unicodeScalars.enumerated() {
            guard next < text.count else { return .partial }
            let same = offset == 0 ? text[next] == expected : lowercased(text[next]) == lowercased(expected)
            guard same else { return nil }
            next += 1
        }
        return .to(next)
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    private static func padded(_ hex: String, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - hex.count)) + hex
    }

    /// The one-letter escape JSON, JavaScript and Swift give `scalar`, if any.
    private static func shortEscape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"", "\\", "/", "'": return String(scalar)
        case "\n": return "n"
        case "\r": return "r"
        case "\t": return "t"
        case "\u{8}": return "b"
        case "\u{C}": return "f"
        case "\0": return "0"
        default: return nil
        }
    }
}
