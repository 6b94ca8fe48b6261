import ParleyAGUI
import ParleyCore
import ParleyModel
import Testing

/// RFC 6902 as STATE_DELTA needs it: the appendix A examples, member order, and errors that name the
/// operation and path.
struct JSONPatchTests {
    struct Example: Sendable, CustomTestStringConvertible {
        let name: String
        let document: String
        let patch: String
        /// The result, or nil when the patch must fail.
        let expected: String?
        var testDescription: String { name }
    }

    /// RFC 6902 appendix A. A.13 (an operation with two "op" members) cannot be written as a
    /// `JSONValue`, whose parser keeps one member per key, so it is not here.
    static let appendixA: [Example] = [
        Example(
            name: "A.1 adding an object member",
            document: #"{"foo": "bar"}"#,
            patch: #"[{"op": "add", "path": "/baz", "value": "qux"}]"#,
            expected: #"{"baz": "qux", "foo": "bar"}"#
        ),
        Example(
            name: "A.2 adding an array element",
            document: #"{"foo": ["bar", "baz"]}"#,
            patch: #"[{"op": "add", "path": "/foo/1", "value": "qux"}]"#,
            expected: #"{"foo": ["bar", "qux", "baz"]}"#
        ),
        Example(
            name: "A.3 removing an object member",
            document: #"{"baz": "qux", "foo": "bar"}"#,
            patch: #"[{"op": "remove", "path": "/baz"}]"#,
            expected: #"{"foo": "bar"}"#
        ),
        Example(
            name: "A.4 removing an array element",
            document: #"{"foo": ["bar", "qux", "baz"]}"#,
            patch: #"[{"op": "remove", "path": "/foo/1"}]"#,
            expected: #"{"foo": ["bar", "baz"]}"#
        ),
        Example(
            name: "A.5 replacing a value",
            document: #"{"baz": "qux", "foo": "bar"}"#,
            patch: #"[{"op": "replace", "path": "/baz", "value": "boo"}]"#,
            expected: #"{"baz": "boo", "foo": "bar"}"#
        ),
        Example(
            name: "A.6 moving a value",
            document: #"{"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}}"#,
            patch: #"[{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}]"#,
            expected: #"{"foo": {"bar": "baz"}, "qux": {"corge": "grault", "thud": "fred"}}"#
        ),
        Example(
            name: "A.7 moving an array element",
            document: #"{"foo": ["all", "grass", "cows", "eat"]}"#,
            patch: #"[{"op": "move", "from": "/foo/1", "path": "/foo/3"}]"#,
            expected: #"{"foo": ["all", "cows", "eat", "grass"]}"#
        ),
        Example(
            name: "A.8 testing a value: success",
            document: #"{"baz": "qux", "foo": ["a", 2, "c"]}"#,
            patch: #"[{"op": "test", "path": "/baz", "value": "qux"}, {"op": "test", "path": "/foo/1", "value": 2}]"#,
            expected: #"{"baz": "qux", "foo": ["a", 2, "c"]}"#
        ),
        Example(
            name: "A.9 testing a value: error",
            document: #"{"baz": "qux"}"#,
            patch: #"[{"op": "test", "path": "/baz", "value": "bar"}]"#,
            expected: nil
        ),
        Example(
            name: "A.10 adding a nested member object",
            document: #"{"foo": "bar"}"#,
            patch: #"[{"op": "add", "path": "/child", "value": {"grandchild": {}}}]"#,
            expected: #"{"foo": "bar", "child": {"grandchild": {}}}"#
        ),
        Example(
            name: "A.11 ignoring unrecognized elements",
            document: #"{"foo": "bar"}"#,
            patch: #"[{"op": "add", "path": "/baz", "value": "qux", "xyz": 123}]"#,
            expected: #"{"foo": "bar", "baz": "qux"}"#
        ),
        Example(
            name: "A.12 adding to a nonexistent target",
            document: #"{"foo": "bar"}"#,
            patch: #"[{"op": "add", "path": "/baz/bat", "value": "qux"}]"#,
            expected: nil
        ),
        Example(
            name: "A.14 ~ escape ordering",
            document: #"{"/": 9, "~1": 10}"#,
            patch: #"[{"op": "test", "path": "/~01", "value": 10}]"#,
            expected: #"{"/": 9, "~1": 10}"#
        ),
        Example(
            name: "A.15 comparing strings and numbers",
            document: #"{"/": 9, "~1": 10}"#,
            patch: #"[{"op": "test", "path": "/~01", "value": "10"}]"#,
            expected: nil
        ),
        Example(
            name: "A.16 adding an array value",
            document: #"{"foo": ["bar"]}"#,
            patch: #"[{"op": "add", "path": "/foo/-", "value": ["abc", "def"]}]"#,
            expected: #"{"foo": ["bar", ["abc", "def"]]}"#
        ),
    ]

    @Test("RFC 6902 appendix A", arguments: appendixA)
    func appendix(_ example: Example) throws {
        let document = try JSONValue(parsing: example.document)
        let patch = try JSONValue(parsing: example.patch)
        if let expected = example.expected {
            let result = try JSONPatch.apply(patch, to: document)
            #expect(Self.sorted(result) == (try JSONValue(parsing: expected)))
        } else {
            #expect(throws: JSONPatchError.self) { try JSONPatch.apply(patch, to: document) }
        }
    }

    // MARK: Member order

    static let ordered: JSONValue = .object([
        JSONMember("zeta", 1), JSONMember("alpha", 2), JSONMember("mid", .object([JSONMember("b", 1), JSONMember("a", 2)])),
    ])

    @Test("add of an existing key replaces it in place; a new key goes last")
    func addKeepsOrder() throws {
        let patch: JSONValue = [
            Self.op("add", "/alpha", "A"),
            Self.op("add", "/new", true),
            Self.op("add", "/mid/b", 9),
        ]
        let result = try JSONPatch.apply(patch, to: Self.ordered)
        #expect(Self.keys(result) == ["zeta", "alpha", "mid", "new"])
        #expect(result["alpha"] == "A")
        #expect(result["mid"].map(Self.keys) == ["b", "a"])
        #expect(result["mid"]?["b"] == 9)
    }

    @Test("replace keeps the position; remove and move keep the others' order")
    func replaceRemoveMoveKeepOrder() throws {
        let replaced = try JSONPatch.apply([Self.op("replace", "/zeta", "Z")], to: Self.ordered)
        #expect(Self.keys(replaced) == ["zeta", "alpha", "mid"])
        #expect(replaced["zeta"] == "Z")

        let removed = try JSONPatch.apply([Self.op("remove", "/alpha")], to: Self.ordered)
        #expect(Self.keys(removed) == ["zeta", "mid"])

        let moved = try JSONPatch.apply([Self.op("move", "/omega", from: "/zeta")], to: Self.ordered)
        #expect(Self.keys(moved) == ["alpha", "mid", "omega"])
        #expect(moved["omega"] == 1)
    }

    // MARK: Pointers and operations

    @Test("pointers: escapes, empty keys, the whole document")
    func pointers() throws {
        let document: JSONValue = .object([JSONMember("a/b", 1), JSONMember("m~n", 2), JSONMember("", 3)])
        #expect(try JSONPatch.apply([Self.op("test", "/a~1b", 1), Self.op("test", "/m~0n", 2), Self.op("test", "/", 3)], to: document) == document)

        let added = try JSONPatch.apply([Self.op("add", "/x~1y~0z", "new")], to: document)
        #expect(added["x/y~z"] == "new")

        #expect(try JSONPatch.apply([Self.op("replace", "", [1, 2])], to: document) == [1, 2])
        #expect(try JSONPatch.apply([Self.op("add", "", "root")], to: document) == "root")
        #expect(try JSONPatch.apply([Self.op("test", "", .object([JSONMember("", 3), JSONMember("m~n", 2), JSONMember("a/b", 1)]))], to: document) == document)
        #expect(try JSONPatch.apply([], to: document) == document)
    }

    @Test("arrays: insert at the end by index or '-', nested paths, copy")
    func arrays() throws {
        let document = try JSONValue(parsing: #"{"list": [{"n": 1}, {"n": 2}]}"#)
        let patched = try JSONPatch.apply(
            [
                Self.op("add", "/list/2", .object([JSONMember("n", 3)])),
                Self.op("add", "/list/-", .object([JSONMember("n", 4)])),
                Self.op("replace", "/list/0/n", 10),
                Self.op("copy", "/first", from: "/list/0"),
                Self.op("remove", "/list/1"),
                Self.op("add", "/list/0", .null),
            ],
            to: document
        )
        #expect(Self.sorted(patched) == (try JSONValue(parsing: #"{"first": {"n": 10}, "list": [null, {"n": 10}, {"n": 3}, {"n": 4}]}"#)))
    }

    @Test("move to the same place is a no-op; copy is deep; operations see earlier ones")
    func moveCopy() throws {
        let document = try JSONValue(parsing: #"{"a": {"b": [1]}}"#)
        #expect(try JSONPatch.apply([Self.op("move", "/a/b", from: "/a/b")], to: document) == document)
        let copied = try JSONPatch.apply([Self.op("copy", "/c", from: "/a"), Self.op("add", "/c/b/-", 2)], to: document)
        #expect(copied["a"]?["b"] == [1])
        #expect(copied["c"]?["b"] == [1, 2])
        let moved = try JSONPatch.apply([Self.op("move", "/a/x", from: "/a/b"), Self.op("test", "/a/x/0", 1)], to: document)
        #expect(moved == .object([JSONMember("a", .object([JSONMember("x", [1])]))]))
    }

    @Test("test compares numbers by value, objects in any order, arrays in order, null and booleans")
    func testEquality() throws {
        let document = try JSONValue(parsing: #"{"n": 1, "o": {"x": 1, "y": [true, null]}, "f": 0.5}"#)
        let passing: JSONValue = [
            Self.op("test", "/n", .number(1.0)),
            Self.op("test", "/f", .number(0.5)),
            Self.op("test", "/o", .object([JSONMember("y", [true, .null]), JSONMember("x", 1)])),
        ]
        #expect(try JSONPatch.apply(passing, to: document) == document)
        for wrong: JSONValue in ["1", .number(1.5), true, .null, [1], .object([JSONMember("x", 1)])] {
            #expect(throws: JSONPatchError.self) { try JSONPatch.apply([Self.op("test", "/n", wrong)], to: document) }
        }
        #expect(throws: JSONPatchError.self) {
            try JSONPatch.apply([Self.op("test", "/o/y", [.null, true])], to: document)
        }
    }

    @Test("a failing patch changes nothing: the caller keeps its document")
    func atomic() throws {
        let document = try JSONValue(parsing: #"{"a": 1}"#)
        var state = document
        do {
            state = try JSONPatch.apply([Self.op("replace", "/a", 2), Self.op("remove", "/missing")], to: state)
            Issue.record("the patch should fail")
        } catch {
            #expect(error.operation == 1)
        }
        #expect(state == document)
    }

    // MARK: Errors

    struct Failure: Sendable, CustomTestStringConvertible {
        let patch: String
        let document: String
        let message: String
        var testDescription: String { message }
    }

    static let failures: [Failure] = [
        Failure(
            patch: #"[{"op": "test", "path": "/user", "value": {}}, {"op": "add", "path": "/n", "value": 1}, {"op": "replace", "path": "/user/name", "value": "Ada"}]"#,
            document: #"{"user": {}}"#,
            message: "operation 2 (replace /user/name): no member 'name'"
        ),
        Failure(patch: #"{"op": "add"}"#, document: "{}", message: "a JSON Patch is an array of operations, not an object"),
        Failure(patch: #"["add"]"#, document: "{}", message: "operation 0: an operation is an object, not a string"),
        Failure(patch: #"[{"path": "/a"}]"#, document: "{}", message: #"operation 0: no string "op""#),
        Failure(patch: #"[{"op": "add", "value": 1}]"#, document: "{}", message: #"operation 0 (add): no string "path""#),
        Failure(
            patch: #"[{"op": "merge", "path": "/a", "value": 1}]"#,
            document: "{}",
            message: "operation 0 (merge /a): unknown op 'merge' (expected add, remove, replace, move, copy or test)"
        ),
        Failure(patch: #"[{"op": "add", "path": "/a"}]"#, document: "{}", message: #"operation 0 (add /a): no "value""#),
        Failure(patch: #"[{"op": "replace", "path": "/a"}]"#, document: "{}", message: #"operation 0 (replace /a): no "value""#),
        Failure(patch: #"[{"op": "move", "path": "/a"}]"#, document: "{}", message: #"operation 0 (move /a): no string "from""#),
        Failure(patch: #"[{"op": "copy", "path": "/a", "from": 1}]"#, document: "{}", message: #"operation 0 (copy /a): no string "from""#),
        Failure(
            patch: #"[{"op": "add", "path": "a", "value": 1}]"#,
            document: "{}",
            message: "operation 0 (add a): the pointer 'a' does not start with '/'"
        ),
        Failure(
            patch: #"[{"op": "add", "path": "/a~2", "value": 1}]"#,
            document: "{}",
            message: "operation 0 (add /a~2): the pointer '/a~2' has '~2'; only ~0 and ~1 are escapes"
        ),
        Failure(
            patch: #"[{"op": "remove", "path": "/a~"}]"#,
            document: "{}",
            message: "operation 0 (remove /a~): the pointer '/a~' ends a token with a lone '~'"
        ),
        Failure(
            patch: #"[{"op": "replace", "path": "/items/3", "value": "x"}]"#,
            document: #"{"items": []}"#,
            message: "operation 0 (replace /items/3): index 3 is out of range for an array of 0 elements"
        ),
        Failure(
            patch: #"[{"op": "add", "path": "/items/2", "value": "x"}]"#,
            document: #"{"items": [1]}"#,
            message: "operation 0 (add /items/2): index 2 is out of range for an array of 1 element"
        ),
        Failure(
            patch: #"[{"op": "add", "path": "/items/01", "value": "x"}]"#,
            document: #"{"items": [1, 2]}"#,
            message: "operation 0 (add /items/01): '01' is not an array index"
        ),
        Failure(
            patch: #"[{"op": "remove", "path": "/items/x"}]"#,
            document: #"{"items": [1, 2]}"#,
            message: "operation 0 (remove /items/x): 'x' is not an array index"
        ),
        Failure(
            patch: #"[{"op": "replace", "path": "/items/-", "value": 0}]"#,
            document: #"{"items": [1]}"#,
            message: "operation 0 (replace /items/-): '-' (past the end of the array) names no element"
        ),
        Failure(
            patch: #"[{"op": "test", "path": "/items/99999999999999999999", "value": 0}]"#,
            document: #"{"items": [1]}"#,
            message: "operation 0 (test /items/99999999999999999999): index 99999999999999999999 is out of range for an array of 1 element"
        ),
        Failure(
            patch: #"[{"op": "add", "path": "/a/b/c", "value": 1}]"#,
            document: #"{"a": {"b": "text"}}"#,
            message: "operation 0 (add /a/b/c): /a/b is a string, not an object or array"
        ),
        Failure(
            patch: #"[{"op": "add", "path": "/a/b", "value": 1}]"#,
            document: #"{"a": 7}"#,
            message: "operation 0 (add /a/b): /a is a number, not an object or array"
        ),
        Failure(
            patch: #"[{"op": "add", "path": "/a", "value": 1}]"#,
            document: "null",
            message: "operation 0 (add /a): the document is null, not an object or array"
        ),
        Failure(
            patch: #"[{"op": "remove", "path": "/a/0/b"}]"#,
            document: #"{"a": [true]}"#,
            message: "operation 0 (remove /a/0/b): /a/0 is a boolean, not an object or array"
        ),
        Failure(
            patch: #"[{"op": "remove", "path": "/missing/x"}]"#,
            document: "{}",
            message: "operation 0 (remove /missing/x): no member 'missing'"
        ),
        Failure(patch: #"[{"op": "remove", "path": ""}]"#, document: "{}", message: #"operation 0 (remove ""): the whole document cannot be removed"#),
        Failure(
            patch: #"[{"op": "move", "from": "/a", "path": "/a/b"}]"#,
            document: #"{"a": {}}"#,
            message: "operation 0 (move /a to /a/b): a value cannot be moved into itself"
        ),
        Failure(
            patch: #"[{"op": "copy", "from": "/x", "path": "/y"}]"#,
            document: "{}",
            message: "operation 0 (copy /x to /y): nothing to copy at /x: no member 'x'"
        ),
        Failure(
            patch: #"[{"op": "move", "from": "/list/5", "path": "/y"}]"#,
            document: #"{"list": []}"#,
            message: "operation 0 (move /list/5 to /y): nothing to move at /list/5: index 5 is out of range for an array of 0 elements"
        ),
        Failure(
            patch: #"[{"op": "test", "path": "/baz", "value": "bar"}]"#,
            document: #"{"baz": "qux"}"#,
            message: #"operation 0 (test /baz): the value is "qux", not the expected "bar""#
        ),
    ]

    @Test("errors name the operation, its path and the reason", arguments: failures)
    func errors(_ failure: Failure) throws {
        let patch = try JSONValue(parsing: failure.patch)
        let document = try JSONValue(parsing: failure.document)
        do {
            let result = try JSONPatch.apply(patch, to: document)
            Issue.record("expected an error, got \(result.serialized())")
        } catch {
            #expect(error.description == failure.message)
        }
    }

    @Test("the error's parts")
    func errorParts() {
        let error = JSONPatchError(operation: 2, summary: "replace /user/name", reason: "no member 'name'")
        #expect(error.description == "operation 2 (replace /user/name): no member 'name'")
        #expect(JSONPatchError(reason: "not a patch").description == "not a patch")
        #expect(JSONPatchError(summary: "add /a", reason: "r").description == "add /a: r")
    }

    // MARK: ag-ui-validate vectors

    @Test(
        "STATE_DELTA patches of the valid ag-ui-validate flows apply to their snapshots",
        arguments: ["shared-state", "agentic-generative-ui", "predictive-state-updates"]
    )
    func validStateDeltas(_ name: String) throws {
        let state = try Self.finalState(of: try RunVerifierTests.fixtureEvents("valid/\(name).jsonl"))
        switch name {
        case "shared-state":
            #expect(state == (try JSONValue(parsing: #"{"recipe": {"ingredients": ["tomato", "garlic"], "title": "Garlic Pasta"}}"#)))
        case "agentic-generative-ui":
            #expect(state == (try JSONValue(parsing: #"{"steps": [{"name": "plan", "status": "done"}, {"name": "execute", "status": "done"}]}"#)))
        default:
            #expect(state == (try JSONValue(parsing: #"{"document": "Hello world."}"#)))
        }
    }

    @Test("AGUI302 and AGUI303: a delta that does not fit and an unknown op are rejected")
    func invalidStateDeltas() throws {
        let unfit = try RunVerifierTests.fixtureEvents("invalid/AGUI302-delta-failed-to-apply/stream.jsonl")
        #expect(throws: JSONPatchError(operation: 0, summary: "replace /items/3", reason: "index 3 is out of range for an array of 0 elements")) {
            try Self.finalState(of: unfit)
        }
        let unknown = try RunVerifierTests.fixtureEvents("invalid/AGUI303-invalid-patch-document/stream.jsonl")
        #expect(throws: JSONPatchError(operation: 0, summary: "merge /a", reason: "unknown op 'merge' (expected add, remove, replace, move, copy or test)")) {
            try Self.finalState(of: unknown)
        }
    }

    // MARK: Helpers

    /// The state after every STATE_SNAPSHOT and STATE_DELTA, the way a client keeps it.
    static func finalState(of events: [AGUIEvent]) throws -> JSONValue {
        var state: JSONValue = .object([])
        for event in events {
            switch event.kind {
            case .stateSnapshot?: state = event["snapshot"] ?? .null
            case .stateDelta?: state = try JSONPatch.apply(event["delta"] ?? .null, to: state)
            default: break
            }
        }
        return state
    }

    static func op(_ op: String, _ path: String, _ value: JSONValue? = nil, from: String? = nil) -> JSONValue {
        var members = [JSONMember("op", .string(op)), JSONMember("path", .string(path))]
        if let value { members.append(JSONMember("value", value)) }
        if let from { members.append(JSONMember("from", .string(from))) }
        return .object(members)
    }

    static func keys(_ value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.map(\.key)
    }

    /// Keys sorted at every level, as `JSONValue(parsing:)` gives them, to compare with parsed text.
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            .object(members.map { JSONMember($0.key, sorted($0.value)) }.sorted { $0.key < $1.key })
        case .array(let items):
            .array(items.map(sorted))
        case .null, .bool, .number, .string:
            value
        }
    }
}
