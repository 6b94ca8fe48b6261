import Foundation
import ParleyCore
import ParleyModel
import ParleyParser
import ParleyRunner
import Testing

@Suite("parley chat's pieces: typed lines, the recording, the display")
struct ChatTests {
    @Test("typed lines become the flow steps a person would write", arguments: [
        ("Where is order A-1042?", ChatInput.step([#"send: "Where is order A-1042?""#])),
        ("//help me", .step([#"send: "/help me""#])),
        ("It costs $200 and ${x}", .step([#"send: "It costs $$200 and $${x}""#])),
        ("/tap 2", .step([#"tap: "Return an item""#])),
        ("/tap Talk to a person", .step([#"tap: "Talk to a person""#])),
        ("/fill name_field: Ada, updates: [updates]", .step(["fill: { name_field: Ada, updates: [updates] }"])),
        ("/submit submit_btn country: uk", .step(["fill: { country: uk }", #"submit: "submit_btn""#])),
        ("/submit submit_btn", .step(["fill: {  }", #"submit: "submit_btn""#])),
        ("/click buy_btn", .step([#"click: "buy_btn""#])),
        ("/click buy_btn headphones_card", .step([#"click: { element: "buy_btn", card: "headphones_card" }"#])),
        ("/slot tuesday 10:30", .step([#"schedule: { slot: "tuesday 10:30" }"#])),
        ("/end", .step(["end"])),
        ("/quit", .quit),
        ("   ", .nothing),
        ("/tap 7", .problem("no suggestion 7: offered are 1 to 3")),
        ("/tapp 1", .problem("unknown command /tapp; did you mean 'tap'?; /help lists them")),
    ] as [(String, ChatInput)])
    func input(line: String, expected: ChatInput) {
        #expect(ChatInput.read(line, suggestions: ["Track an order", "Return an item", "Talk to a person"]) == expected)
    }

    @Test("every step a typed line makes parses as a flow step")
    func stepsParse() throws {
        for line in ["hello", "/tap 1", "/fill a: b, c: [d]", "/submit s x: y", "/submit s", "/click b c", "/slot monday 09:00", "/end", "/typing", "Price: $5 ${not}"] {
            guard case .step(let lines) = ChatInput.read(line, suggestions: ["x"]) else {
                Issue.record("\(line) is not a step")
                continue
            }
            let text = "flow: t\nsteps:\n  - " + lines[0] + lines.dropFirst().map { "\n    " + $0 }.joined() + "\n"
            let parsed = FlowParser().parse(text: text, path: "t.flow.yaml")
            #expect(parsed.diagnostics.isEmpty, "\(line): \(parsed.diagnostics.map(\.message))")
            #expect(parsed.flow?.steps.count == 1)
        }
    }

    @Test("the recording: expectations per turn before the next action, once each, and a flow that parses")
    func recording() throws {
        var recorder = ChatRecorder()
        recorder.received(.reply(Reply(messageID: "m1", text: "Hi! How can I help today? Ask me anything.", suggestions: ["Track an order"])))
        recorder.took([#"send: "Where is A-1042?""#], opensTurn: true)
        let args: JSONValue = .object([
            JSONMember("order_id", "A-1042"), JSONMember("contains", "x"), JSONMember("note", .null), JSONMember("empty", ""),
            JSONMember("items", .array([.object([JSONMember("sku", "$5"), JSONMember("gone", .null)])])),
        ])
        recorder.received(.toolCall(ToolCall(id: "c1", name: "lookup_order", args: args)))
        recorder.received(.toolCall(ToolCall(id: "c2", name: "lookup_order", args: args)))
        recorder.received(.reply(Reply(messageID: "m2", text: "Order A-1042 costs ${price}.")))
        let flow = recorder.flow(name: "Order", agent: "demo", note: "recorded")
        #expect(
            flow == """
                flow: "Order"
                description: "recorded"
                agent: "demo"
                steps:
                  - expect: { reply: { contains: "Hi! How can I help today?", suggestions: ["Track an order"] } }
                  - send: "Where is A-1042?"
                  - expect: { tool_call: { name: "lookup_order", args: { "order_id": "A-1042", "items": [{"sku":"$$5","gone":null}] } } }
                  - expect: { reply: { contains: "Order A-1042 costs $${price}." } }

                """)
        let parsed = FlowParser().parse(text: flow, path: "order.flow.yaml")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.message))")
        #expect(parsed.flow?.steps.count == 4)
    }

    @Test("a reply still streaming when the person typed on is expected before that action, where a replay's turn holds it")
    func quickTypist() {
        var recorder = ChatRecorder()
        recorder.took([#"send: "hi""#], opensTurn: true)
        recorder.received(.textStart(messageID: "m1"))
        recorder.received(.textDelta(messageID: "m1", delta: "Here is the tracking"))
        recorder.took([#"send: "thanks""#], opensTurn: true)
        recorder.received(.textEnd(messageID: "m1"))
        recorder.received(.reply(Reply(messageID: "m1", text: "Here is the tracking link.", suggestions: ["Something else"])))
        recorder.received(.reply(Reply(messageID: "m2", text: "You are welcome, goodbye.")))
        let flow = recorder.flow(name: "t", agent: nil, note: "n")
        #expect(
            flow.hasSuffix(
                """
                  - send: "hi"
                  - expect: { reply: { contains: "Here is the tracking link.", suggestions: ["Something else"] } }
                  - send: "thanks"
                  - expect: { reply: { contains: "You are welcome, goodbye." } }

                """), "\(flow)")
    }

    @Test("a reply's key phrase: its first sentence, at most 80 characters, cut at a word")
    func keyPhrase() {
        #expect(ChatRecorder.keyPhrase("Sure. I can help with that order today.") == "Sure. I can help with that order today.")
        #expect(ChatRecorder.keyPhrase("Your order has shipped! It arrives Tuesday.") == "Your order has shipped!")
        let long = String(repeating: "word ", count: 30)
        #expect(ChatRecorder.keyPhrase(long)?.count ?? 0 <= 80)
        #expect(ChatRecorder.keyPhrase("  ") == nil)
    }

    @Test("the display masks secrets, one split across streamed parts included")
    func masking() {
        var display = ChatDisplay(redactor: Redactor(secrets: ["s3cr3t-token"]))
        var shown = display.show(.textStart(messageID: "m1"))
        shown += display.show(.textDelta(messageID: "m1", delta: "your key is s3cr"))
        shown += display.show(.textDelta(messageID: "m1", delta: "3t-token, keep it"))
        shown += display.show(.textEnd(messageID: "m1"))
        shown += display.show(.reply(Reply(messageID: "m1", text: "your key is s3cr3t-token, keep it", suggestions: ["s3cr3t-token"])))
        #expect(!shown.contains("s3cr3t"), "\(shown)")
        #expect(shown.contains("your key is ***, keep it"))
        #expect(shown.components(separatedBy: "your key is").count == 2, "a streamed reply is not printed twice: \(shown)")
        #expect(shown.contains("[1] ***  (/tap N)"))
    }

    @Test("a typed step is checked as a flow's: a tap must be offered, a fill must fit the form")
    func checked() throws {
        var state = ChatState(openedAt: .zero, agentSpeaksFirst: true)
        state.received(.reply(Reply(messageID: "m1", text: "Hello", suggestions: ["Order status"])), at: .milliseconds(10))
        #expect(state.suggestions == ["Order status"])
        #expect(state.act(.tap(Template(literal: "Order status", location: SourceLocation(file: "t", line: 1, column: 1))), at: .milliseconds(20)) == .perform(.tap(suggestion: "Order status")))
        guard case .refused(let why) = state.act(.tap(Template(literal: "Track my parcel", location: SourceLocation(file: "t", line: 1, column: 1))), at: .milliseconds(30)) else {
            Issue.record("a suggestion not offered was tapped")
            return
        }
        #expect(why.contains("not a suggestion the agent offered"), "\(why)")
    }
}
