import Foundation
import ParleyModel
@testable import ParleyServer
import Testing

/// Reading a RunAgentInput, and what a run asks the simulator for.
@Suite("run input")
struct RunInputTests {
    func input(_ json: String) throws -> RunAgentInput {
        try RunAgentInput(body: Data(json.utf8))
    }

    func intent(_ json: String, thread: ThreadRecord = ThreadRecord(threadID: "t")) throws -> RunIntent {
        RunIntent.read(try input(json), thread: thread)
    }

    @Test("bad bodies are refused with what is wrong", arguments: [
        ("not json", "the body is not JSON: not json"),
        ("[1]", "the body is not a JSON object (a RunAgentInput)"),
        (#"{"runId":"r","messages":[]}"#, "threadId is missing or not a string"),
        (#"{"threadId":"t","messages":[]}"#, "runId is missing or not a string"),
        (#"{"threadId":"t","runId":"r"}"#, "messages is missing or not an array"),
        (#"{"threadId":"t","runId":"r","messages":[{"role":"user","content":"hi"}]}"#, "messages[0].id is missing or not a string"),
        (#"{"threadId":"t","runId":"r","messages":[{"id":"m","role":"robot"}]}"#,
         #"messages[0].role "robot" is not one of developer, system, assistant, user, tool, activity, reasoning"#),
        (#"{"threadId":"t","runId":"r","messages":[],"resume":[{"interruptId":"i","status":"maybe"}]}"#,
         #"resume[0].status "maybe" is not resolved or cancelled"#),
    ])
    func refused(body: String, message: String) {
        #expect(throws: RunInputError(message)) { try input(body) }
    }

    @Test("unknown fields are ignored and content parts are joined")
    func lenient() throws {
        let read = try input(
            #"{"threadId":"t","runId":"r","protocolVersion":"1.0","state":null,"extra":1,"messages":[{"id":"u1","role":"user","content":[{"type":"text","text":"a"},{"type":"image","source":{"type":"url","value":"x"}},{"type":"text","text":"b"}]}]}"#
        )
        #expect(read.messages == [AGUIMessage(id: "u1", role: .user, text: "a\nb")])
        #expect(read.protocolVersion == "1.0")
    }

    @Test("no messages: the greeting on a new thread, an empty run after that")
    func greeting() throws {
        #expect(try intent(#"{"threadId":"t","runId":"r","messages":[]}"#) == .greeting)
        var served = ThreadRecord(threadID: "t")
        served.served = true
        #expect(try intent(#"{"threadId":"t","runId":"r","messages":[]}"#, thread: served) == .nothing)
    }

    @Test("the messages after the last assistant message, each once")
    func trailing() throws {
        let body = #"{"threadId":"t","runId":"r","messages":[{"id":"u1","role":"user","content":"old"},{"id":"a1","role":"assistant","content":"hi"},{"id":"u2","role":"user","content":"one"},{"id":"u3","role":"user","content":"two"}]}"#
        #expect(try intent(body) == .actions([.send(text: "one"), .send(text: "two")]))
        var seen = ThreadRecord(threadID: "t")
        seen.seenMessages = ["u2"]
        #expect(try intent(body, thread: seen) == .actions([.send(text: "two")]))
        seen.seenMessages = ["u2", "u3"]
        #expect(try intent(body, thread: seen) == .nothing)
    }

    @Test("a tool message answers its call by the name in the history; the server's own results are not answers")
    func toolMessages() throws {
        let body = #"{"threadId":"t","runId":"r","messages":[{"id":"a1","role":"assistant","toolCalls":[{"id":"c1","type":"function","function":{"name":"confirm","arguments":"{}"}},{"id":"c0","type":"function","function":{"name":"lookup","arguments":"{}"}}]},{"id":"x0","role":"tool","toolCallId":"c0","content":"{\"status\":\"shipped\"}"},{"id":"x1","role":"tool","toolCallId":"c1","content":"{\"confirmed\":true}"},{"id":"x2","role":"tool","toolCallId":"c9","content":"plain text"}]}"#
        var thread = ThreadRecord(threadID: "t")
        thread.answeredCalls = ["c0"]
        #expect(
            try intent(body, thread: thread) == .actions([
                .respondTool(callID: "c1", name: "confirm", result: .object([JSONMember("confirmed", true)])),
                .respondTool(callID: "c9", name: "", result: "plain text"),
            ]))
    }

    @Test("forwardedProps.parley turns the last user message into its action")
    func forwardedProps() throws {
        let body = #"{"threadId":"t","runId":"r","messages":[{"id":"u1","role":"user","content":"first"},{"id":"u2","role":"user","content":"[submit contact]"}],"forwardedProps":{"parley":{"action":"submit","formId":"contact","values":{"name":"Ada"},"button":"send"}}}"#
        #expect(
            try intent(body) == .actions([
                .send(text: "first"), .submit(formID: "contact", values: [JSONMember("name", "Ada")], button: "send"),
            ]))
    }

    @Test("resume entries win over messages: cancelled or approved false deny, the rest approve")
    func resume() throws {
        let body = #"{"threadId":"t","runId":"r","messages":[{"id":"u1","role":"user","content":"ignored"}],"resume":[{"interruptId":"i1","status":"resolved","payload":{"note":"ok"}},{"interruptId":"i2","status":"resolved","payload":{"approved":false}},{"interruptId":"i3","status":"cancelled"}]}"#
        #expect(
            try intent(body) == .actions([
                .resume(interruptID: "i1", decision: .approve, payload: .object([JSONMember("note", "ok")])),
                .resume(interruptID: "i2", decision: .deny, payload: .object([JSONMember("approved", false)])),
                .resume(interruptID: "i3", decision: .deny, payload: nil),
            ]))
    }
}
