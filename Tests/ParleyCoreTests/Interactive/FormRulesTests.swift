import ParleyCore
import ParleyModel
import Testing

/// `FormRules`: what each element type takes, required fields, buttons, and whole submissions.
@Suite("interactive: form rules")
struct FormRulesTests {
    /// A form with one element of every type.
    static let rules = FormRules(
        formID: "f1",
        data: .object([
            JSONMember(
                "formFields",
                [
                    field("name", "textInput", [JSONMember("label", "Name")]),
                    field("note", "textInput", [JSONMember("maxLines", 2), JSONMember("optional", true)]),
                    field("country", "dropdown", [JSONMember("options", options("uk", "usa"))]),
                    field("topic", "radio", [JSONMember("options", options("billing", "tech")), JSONMember("optional", true)]),
                    field("size", "singleSelect", [JSONMember("options", [.object([JSONMember("label", "Ten"), JSONMember("value", 10)])])]),
                    field("extras", "checkbox", [JSONMember("options", options("updates", "offers"))]),
                    field("day", "dateTime", [JSONMember("mode", "date"), JSONMember("from", "2026-11-01"), JSONMember("to", "2026-11-30")]),
                    field("at", "dateTime", [JSONMember("mode", "time"), JSONMember("optional", true), JSONMember("from", "09:00")]),
                    field("when", "dateTime", [JSONMember("mode", "dateTime"), JSONMember("optional", true), JSONMember("to", "2026-11-30T17:00:00Z")]),
                    field("anytime", "dateTime", [JSONMember("optional", true)]),
                    field("hint", "label", []),
                    field("locked", "textInput", [JSONMember("enabled", false)]),
                    field("greeting", "textInput", [JSONMember("defaultValue", "Hi")]),
                    field("other_btn", "button", []),
                ]),
            JSONMember("submitElement", .object([JSONMember("elementId", "send")])),
        ]))

    static func field(_ id: String, _ type: String, _ more: [JSONMember]) -> JSONValue {
        .object([JSONMember("elementId", .string(id)), JSONMember("elementType", .string(type))] + more)
    }

    static func options(_ values: String...) -> JSONValue {
        .array(values.map { .object([JSONMember("label", .string($0.uppercased())), JSONMember("value", .string($0))]) })
    }

    func problem(_ id: String, _ value: JSONValue) -> String? {
        Self.rules.check(id, value)?.description
    }

    @Test("textInput takes text, numbers and booleans as text, and no more than maxLines lines")
    func textInput() {
        #expect(problem("name", "Ada") == nil)
        #expect(problem("name", 42) == nil)
        #expect(problem("name", true) == nil)
        #expect(problem("name", ["a", "b"]) == #"name is a textInput and takes text, got [ "a", "b" ]"#)
        #expect(problem("name", "one\ntwo\nthree") == nil)
        #expect(problem("note", "one\ntwo") == nil)
        #expect(problem("note", "one\ntwo\nthree") == "note takes at most 2 lines (maxLines), got 3")
        #expect(problem("note", "one\r\ntwo\r\nthree") == "note takes at most 2 lines (maxLines), got 3")
    }

    @Test("dropdown, radio and singleSelect take exactly one option value")
    func singleChoice() {
        #expect(problem("country", "uk") == nil)
        #expect(problem("country", ["usa"]) == nil)
        #expect(problem("country", "france") == #"country: "france" is not one of its options: uk, usa"#)
        #expect(problem("topic", ["billing", "tech"]) == "topic is a radio and takes one value, got 2")
        #expect(problem("size", 10) == nil)
        #expect(problem("size", "10") == nil)
        #expect(problem("size", 11) == #"size: "11" is not one of its options: 10"#)
    }

    @Test("checkbox takes a list of option values, or one")
    func checkbox() {
        #expect(problem("extras", ["updates", "offers"]) == nil)
        #expect(problem("extras", "offers") == nil)
        #expect(problem("extras", ["updates", "spam"]) == #"extras: "spam" is not one of its options: updates, offers"#)
    }

    @Test("dateTime takes its mode's format, within from and to")
    func dateTime() {
        #expect(problem("day", "2026-11-24") == nil)
        #expect(problem("day", "2026-11-01") == nil)
        #expect(problem("day", "2026-11-30") == nil)
        #expect(problem("day", "24/11/2026") == #"day: "24/11/2026" is not a date (YYYY-MM-DD)"#)
        #expect(problem("day", "2026-11-24T10:00") == #"day: "2026-11-24T10:00" is not a date (YYYY-MM-DD)"#)
        #expect(problem("day", "2026-10-31") == #"day: "2026-10-31" is before its earliest (from), 2026-11-01"#)
        #expect(problem("day", "2026-12-01") == #"day: "2026-12-01" is after its latest (to), 2026-11-30"#)
        #expect(problem("at", "09:30") == nil)
        #expect(problem("at", "9:30") == #"at: "9:30" is not a time (HH:mm)"#)
        #expect(problem("at", "08:59") == #"at: "08:59" is before its earliest (from), 09:00"#)
        #expect(problem("when", "2026-11-24T10:30") == nil)
        #expect(problem("when", "2026-11-24T10:30:15") == nil)
        #expect(problem("when", "2026-11-30T17:00") == nil)
        #expect(problem("when", "2026-11-30T17:01") == #"when: "2026-11-30T17:01" is after its latest (to), 2026-11-30T17:00:00Z"#)
        #expect(problem("when", "2026-11-24") == #"when: "2026-11-24" is not a date and time (YYYY-MM-DDTHH:mm)"#)
        #expect(problem("anytime", "2026-11-24") == nil)
        #expect(problem("anytime", "10:30") == nil)
        #expect(
            problem("anytime", "soon")
                == #"anytime: "soon" is not a date, time or date and time (YYYY-MM-DD, HH:mm or YYYY-MM-DDTHH:mm)"#)
    }

    @Test("labels, buttons and disabled elements take no value; unknown ids are named with the form's elements")
    func noValue() {
        #expect(problem("hint", "x") == "hint is a label, not a field that takes a value")
        #expect(problem("other_btn", "x") == "other_btn is a button, not a field that takes a value")
        #expect(problem("locked", "x") == "locked is disabled (enabled: false) and takes no value")
        #expect(problem("nmae", "x")?.hasPrefix(#"form "f1" has no element "nmae"; its elements: name, note, country"#) == true)
    }

    @Test("required: not optional, no defaultValue, not disabled, a field that takes a value; empty values count as none")
    func required() {
        let full = [
            JSONMember("name", "Ada"), JSONMember("country", "uk"), JSONMember("size", 10), JSONMember("extras", ["updates"]),
            JSONMember("day", "2026-11-24"),
        ]
        #expect(Self.rules.required(in: full).isEmpty)
        let gaps = [JSONMember("name", "  "), JSONMember("country", .null), JSONMember("extras", []), JSONMember("day", "2026-11-24")]
        #expect(
            Self.rules.required(in: gaps) == [
                .required(form: "f1", id: "name", label: "Name"), .required(form: "f1", id: "country", label: nil),
                .required(form: "f1", id: "size", label: nil), .required(form: "f1", id: "extras", label: nil),
            ])
        #expect(Self.rules.required(in: gaps).first?.description == #"required field name of form "f1" has no value"#)
        // An empty value is no value: it is not judged against the options.
        #expect(problem("country", "") == nil)
    }

    @Test("the submit element and button fields submit the form; an empty button means the form's own")
    func buttons() {
        #expect(Self.rules.submitButtons == ["send", "other_btn"])
        #expect(Self.rules.checkButton("send") == nil)
        #expect(Self.rules.checkButton("other_btn") == nil)
        #expect(Self.rules.checkButton("") == nil)
        #expect(Self.rules.checkButton("go")?.description == #"go does not submit form "f1"; its submit button: send, other_btn"#)
    }

    @Test("a whole submission lists the button, unknown ids, then each field's problem in form order")
    func wholeSubmission() {
        let problems = Self.rules.problems(
            in: [JSONMember("country", "france"), JSONMember("nmae", "Ada"), JSONMember("note", "a\nb\nc"), JSONMember("day", "2026-11-24")],
            button: "go")
        #expect(
            problems.map(\.elementID) == ["go", "nmae", "name", "note", "country", "size", "extras"])
        #expect(problems[3] == .tooManyLines(id: "note", lines: 3, maxLines: 2))
        #expect(problems[4] == .notAnOption(id: "country", value: "france", options: ["uk", "usa"]))
    }
}
