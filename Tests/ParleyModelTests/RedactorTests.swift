import ParleyModel
import Testing

/// A secret is masked however an agent spells it back: escaped, percent-encoded, in another
/// Unicode normalization form, or only begun at the end of a streamed chunk.
@Suite("redactor: secrets spelled differently")
struct RedactorTests {
    /// A secret with a quote, a slash, a space, a non-ASCII letter and an astral emoji: every one
    /// of them has its own escapes.
    static let secret = "c4n\"ry/\u{E9}t\u{E9} x\u{1F511}"
    static let redactor = Redactor(secrets: [secret])

    static func masked(_ text: String) -> Bool {
        redactor.redact(text) == "<***>"
    }

    @Test("as given, and every character JSON-escaped, upper or lower hex, or escaped twice")
    func jsonEscaped() {
        #expect(Self.masked("<\(Self.secret)>"))
        #expect(Self.masked(#"<c4n\"ry\/\u00e9t\u00E9 x\ud83d\udd11>"#))
        #expect(Self.masked(#"<c4n\"ry/\u00e9t\u00e9\u0020x\uD83D\uDD11>"#))
        // JSON inside a JSON string: each escape escaped again.
        #expect(Self.masked(#"<c4n\\\"ry\\/\\u00e9t\\u00e9 x\\ud83d\\udd11>"#))
        // Swift's and Python's spellings.
        #expect(Self.masked(#"<c4n\"ry/\u{e9}t\xe9 x\u{1f511}>"#))
        #expect(Redactor(secrets: ["a\nb\\c"]).redact(#"<a\nb\\c>"#) == "<***>")
    }

    @Test("a secret of many backslashes against long runs of them is still read, once per place")
    func backslashRuns() {
        let secret = "k" + String(repeating: "\\", count: 8) + "y"
        let redactor = Redactor(secrets: [secret])
        let noise = String(repeating: "\\", count: 3_000)
        #expect(redactor.redact(noise + "<" + secret + ">") == noise + "<***>")
        #expect(redactor.redact(noise + "k" + noise) == noise + "k" + noise)
    }

    @Test("in NFD when given in NFC, in NFC when given in NFD")
    func normalizationForms() {
        #expect(Self.masked("<c4n\"ry/e\u{301}te\u{301} x\u{1F511}>"))
        let decomposed = Redactor(secrets: ["cafe\u{301}-42"])
        #expect(decomposed.redact("<caf\u{E9}-42>") == "<***>")
        #expect(decomposed.redact("<cafe\u{301}-42>") == "<***>")
        #expect(decomposed.redact(#"<caf\u00e9-42>"#) == "<***>")
        #expect(decomposed.redact(#"<cafe\u0301-42>"#) == "<***>")
    }

    @Test("percent-encoded, in either case, twice, or with + for a space: in a URL and a header")
    func percentEncoded() {
        #expect(Self.masked("<c4n%22ry%2F%C3%A9t%c3%a9%20x%F0%9F%94%91>"))
        #expect(Self.masked("<c4n%22ry/%C3%A9t%C3%A9+x%F0%9F%94%91>"))
        #expect(Self.masked("<c4n%2522ry%252F%25C3%25A9t%C3%A9 x\u{1F511}>"))
        let url = Redactor(secrets: ["tok/en=1&2"])
        #expect(url.redact("https://hooks.example/cb?token=tok%2Fen%3D1%262&x=1") == "https://hooks.example/cb?token=***&x=1")
        #expect(url.redact("Authorization: Bearer tok/en=1&2\r\nX-Other: 1") == "Authorization: Bearer ***\r\nX-Other: 1")
    }

    @Test("text without the secret is left as it is, stray escapes included")
    func leavesOtherText() {
        for text in ["", "plain", #"\"#, "%", "%C3", #"c4n\"ry/"#, "c4n%22ry%2F%C3%A9", #"\u00"#, "\u{E9}t\u{E9} x", "+"] {
            #expect(Self.redactor.redact(text) == text)
        }
        #expect(Redactor(secrets: ["ab"]).redact(#"a\b a%62c aB"#) == #"a\b ***c aB"#)
    }

    @Test("streamed text: the tail where a secret may be beginning is held, nothing else")
    func streaming() {
        let redactor = Redactor(secrets: ["s3cr3t"])
        #expect(redactor.redactStreaming("token: s3c") == ("token: ", "s3c"))
        #expect(redactor.redactStreaming("token: s3cr3t and") == ("token: *** and", ""))
        #expect(redactor.redactStreaming(#"token: \u007"#) == ("token: ", #"\u007"#))
        #expect(redactor.redactStreaming("token: %7") == ("token: ", "%7"))
        #expect(redactor.redactStreaming("tokens") == ("token", "s"))
        #expect(redactor.redactStreaming("token sx") == ("token sx", ""))
        #expect(Redactor().redactStreaming("s3c") == ("s3c", ""))
    }
}
