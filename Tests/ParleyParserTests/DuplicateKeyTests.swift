import ParleyModel
import ParleyParser
import Testing

/// Keys are compared as Parley reads them, as text (Yams composes with its basic resolver): a
/// quoted key and a plain one with the same text are one key written twice.
@Suite("duplicate keys")
struct DuplicateKeyTests {
    @Test("`1:` beside `\"1\":` is a duplicate key, named at its mapping's place")
    func quotedAndPlainAreOneKey() {
        let loaded = YAMLLoader().load(text: "vars:\n  1: a\n  \"1\": b\n", path: "keys.flow.yaml")
        #expect(loaded.root == nil)
        let messages = loaded.diagnostics.map { "\($0.location.file):\($0.location.line): \($0.message)" }
        #expect(messages == ["keys.flow.yaml:2: duplicate key '1' in this mapping; each key may appear once"], "\(messages)")
    }
}
