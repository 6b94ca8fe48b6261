import ParleyModel
import ParleyParser
import ParleySimulator
import Testing

/// Agent scripts go through the flows' loader, so alias bombs in keys and deep nesting are refused
/// there as fast (issue 13, point 7).
@Suite("agent script input limits")
struct ScriptLimitTests {
    static func bomb(_ extra: String) -> String {
        var lines = ["agent: { name: Bomb }", "x0: &l0 [" + Array(repeating: "lol", count: 9).joined(separator: ", ") + "]"]
        for level in 1..<9 {
            lines.append("x\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        return (lines + [extra]).joined(separator: "\n") + "\n"
    }

    func messages(_ text: String) -> [String] {
        Support.parse(text).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    @Test("a bomb in an explicit key, a list key or a flow mapping key is refused at its place", .timeLimit(.minutes(1)))
    func keys() {
        #expect(messages(Self.bomb("? [*l8, *l8]\n: 1")) == [
            "11:1: an explicit key ('? …') may not be used in a file with anchors; write the key as a plain word"
        ])
        #expect(messages(Self.bomb("[*l8]: 1")) == ["11:1: a list or mapping may not be used as a mapping key"])
        #expect(messages(Self.bomb("k: { *l8 : 1 }")) == ["11:6: an alias may not be used as a mapping key"])
    }

    @Test("a bomb as a value hits the node budget; 1,000 levels of nesting are refused", .timeLimit(.minutes(1)))
    func valuesAndNesting() {
        #expect(Support.parse(Self.bomb("k: [*l8, *l8]")).diagnostics.map(\.message) == [
            "document expands to more than 100000 nodes through aliases; refusing it (a YAML alias bomb?)"
        ])
        let nested = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        #expect(Support.parse("agent: { name: Deep }\nk: \(nested)\n").diagnostics.map(\.message) == ["nesting deeper than 100 levels is refused"])
    }
}
