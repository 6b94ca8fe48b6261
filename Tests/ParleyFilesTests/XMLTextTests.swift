@testable import ParleyFiles
import Testing

@Suite("files XML text")
struct XMLTextTests {
    @Test("markup characters become entities and whitespace controls character references")
    func markup() {
        #expect(XMLText.escape(#"a<b>&"c"'d"#) == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d")
        #expect(XMLText.escape("1\n2\r3\t4") == "1&#10;2&#13;3&#9;4")
    }

    @Test("characters XML 1.0 cannot carry are written out, the rest kept")
    func forbidden() {
        #expect(XMLText.escape("\u{0}\u{8}\u{B}\u{C}\u{1F}\u{FFFE}\u{FFFF}") == #"\u0000\u0008\u000b\u000c\u001f\ufffe\uffff"#)
        #expect(XMLText.escape("é ✓ 😀 \u{FFFD}") == "é ✓ 😀 \u{FFFD}")
    }
}
