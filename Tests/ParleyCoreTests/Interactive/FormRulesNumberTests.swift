import ParleyCore
import ParleyModel
import Testing

/// An agent's form with a number past what Parley can hold does not crash the check (issue 13,
/// point 6): `maxLines: 1e300` trapped in `Int(limit)`.
@Suite("interactive: form numbers")
struct FormRulesNumberTests {
    static func rules(maxLines: Double) -> FormRules {
        FormRules(
            formID: "f1",
            data: .object([
                JSONMember(
                    "formFields",
                    [.object([JSONMember("elementId", "note"), JSONMember("elementType", "textInput"), JSONMember("maxLines", .number(maxLines))])]),
                JSONMember("submitElement", .object([JSONMember("elementId", "send")])),
            ]))
    }

    @Test("maxLines of 1e300 is a limit no text reaches; 2.5 still means 2")
    func hugeMaxLines() {
        #expect(Self.rules(maxLines: 1e300).check("note", "one\ntwo\nthree") == nil)
        #expect(Self.rules(maxLines: .infinity).check("note", "one\ntwo\nthree") == nil)
        #expect(Self.rules(maxLines: 2.5).check("note", "one\ntwo\nthree")?.description == "note takes at most 2 lines (maxLines), got 3")
    }
}
