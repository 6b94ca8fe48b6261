import Foundation
import NIOHTTP1
import ParleyCore
import ParleyAGUI
import ParleyModel
import ParleyServer
import ParleyTesting
import Testing

/// A real server on 127.0.0.1 per test, driven over HTTP the way an AG-UI client drives an agent.
@Suite("AG-UI server")
struct AGUIServerTests {
    @Test("a run with no messages on a new thread plays the greeting as an SSE stream")
    func greeting() async throws {
        try await TestScripts.withServer { client in
            let response = try await client.run(thread: "t1", run: "r1")
            #expect(response.status == 200)
            #expect(response.contentType == "text/event-stream")
            #expect(response.streamError == nil)
            #expect(
                try response.types() == [
                    "RUN_STARTED", "TEXT_MESSAGE_START", "CUSTOM", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
                    "RUN_FINISHED",
                ])
            // Nothing new on the thread now: an empty run.
            let again = try await client.run(thread: "t1", run: "r2")
            #expect(try again.types() == ["RUN_STARTED", "RUN_FINISHED"])
        }
    }

    @Test("a send plays a tool call and a streamed reply, frame by frame")
    func toolCallAndReply() async throws {
        try await TestScripts.withServer { client in
            let response = try await client.run(thread: "t1", run: "r1", messages: [Message.user("u1", "order A-1")])
            #expect(
                response.body == """
                    data: {"type":"RUN_STARTED","threadId":"t1","runId":"r1"}

                    data: {"type":"TOOL_CALL_START","toolCallId":"call_lookup","toolCallName":"lookup_order"}

                    data: {"type":"TOOL_CALL_ARGS","toolCallId":"call_lookup","delta":"{ \\"order_id\\": \\"A-1\\" }"}

                    data: {"type":"TOOL_CALL_END","toolCallId":"call_lookup"}

                    data: {"type":"TOOL_CALL_RESULT","messageId":"r1-result-1","toolCallId":"call_lookup","content":"{\\"status\\":\\"shipped\\"}","role":"tool"}

                    data: {"type":"TEXT_MESSAGE_START","messageId":"msg-1","role":"assistant","name":"Shop Bot"}

                    data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"msg-1","delta":"Order A-1 "}

                    data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"msg-1","delta":"has shipped."}

                    data: {"type":"TEXT_MESSAGE_END","messageId":"msg-1"}

                    data: {"type":"RUN_FINISHED","threadId":"t1","runId":"r1"}


                    """)
        }
    }

    @Test("a frontend tool call ends the run; the client's tool message answers it in the next run")
    func frontendTool() async throws {
        try await TestScripts.withServer { client in
            let first = try await client.run(thread: "t1", run: "r1", messages: [Message.user("u1", "refund")], extra: #""protocolVersion":"1.0""#)
            #expect(first.data.last == #"{"type":"RUN_FINISHED","threadId":"t1","runId":"r1","outcome":{"type":"success","pendingToolCallIds":["call_confirm"]}}"#)
            let history = [
                Message.user("u1", "refund"), Message.assistant("a1", toolCalls: [("call_confirm", "confirm_refund")]),
                Message.tool("x1", call: "call_confirm", content: #"{"confirmed":false}"#),
            ]
            let second = try await client.run(thread: "t1", run: "r2", messages: history)
            #expect(try second.events().compactMap { $0.string("delta") } == ["No refund then."])
        }
    }

    @Test("an interrupt ends the run with the interrupt outcome; resume approves or denies it")
    func interruptAndResume() async throws {
        try await TestScripts.withServer { client in
            for (thread, payload, expected) in [
                ("approve", #"{"note":"vip"}"#, (#"{"status":"refunded","note":"vip"}"#, "Refunded.")),
                ("deny", #"{"approved":false}"#, (#"{"status":"denied"}"#, "Not refunded.")),
            ] {
                _ = try await client.run(thread: thread, run: "r1", messages: [Message.user("u1", "refund")])
                let history = [
                    Message.user("u1", "refund"), Message.assistant("a1", toolCalls: [("call_confirm", "confirm_refund")]),
                    Message.tool("x1", call: "call_confirm", content: #"{"confirmed":true}"#),
                ]
                let interrupted = try await client.run(thread: thread, run: "r2", messages: history)
                #expect(
                    interrupted.data.last
                        == #"{"type":"RUN_FINISHED","threadId":"\#(thread)","runId":"r2","outcome":{"type":"interrupt","interrupts":[{"id":"approval","reason":"tool_call","metadata":{"amount":49}}]}}"#
                )
                let resumed = try await client.run(
                    thread: thread, run: "r3", messages: history,
                    extra: #""resume":[{"interruptId":"approval","status":"resolved","payload":\#(payload)}]"#)
                let events = try resumed.events()
                #expect(events.map(\.type) == ["RUN_STARTED", "TOOL_CALL_RESULT", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED"])
                #expect(events[1].string("toolCallId") == "call_issue")
                #expect(events[1].string("content") == expected.0)
                #expect(events[3].string("delta") == expected.1)
            }
        }
    }

    @Test("a form submit arrives as a user message with forwardedProps.parley")
    func formSubmit() async throws {
        try await TestScripts.withServer { client in
            let form = try await client.run(thread: "t1", run: "r1", messages: [Message.user("u1", "form")])
            let interactive = try form.events().first { $0.string("name") == "interactive" }
            #expect(interactive?["value"]?["id"] == "contact")
            let submit = #""forwardedProps":{"parley":{"action":"submit","formId":"contact","values":{"name":"Ada"},"button":"send"}}"#
            let submitted = try await client.post(
                #"{"threadId":"t1","runId":"r2","messages":[\#(Message.user("u1", "form")),\#(Message.assistant("a1")),\#(Message.user("u2", "[submit contact]"))],\#(submit)}"#
            )
            let events = try submitted.events()
            #expect(
                events.map(\.type) == [
                    "RUN_STARTED", "CUSTOM", "RUN_FINISHED", "RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
                    "RUN_FINISHED",
                ])
            #expect(events[1].string("name") == "goal_completed")
            #expect(events[5].string("delta") == "Thanks, Ada.")
        }
    }

    @Test("events after run_finished come in a second run of the same response")
    func wrappedRun() async throws {
        try await TestScripts.withServer { client in
            let response = try await client.run(thread: "t1", run: "r1", messages: [Message.user("u1", "human")])
            let events = try response.events()
            #expect(events.filter { $0.kind == .runStarted }.compactMap { $0.string("runId") } == ["r1", "r1-2"])
            #expect(events.filter { $0.kind == .runFinished }.compactMap { $0.string("runId") } == ["r1", "r1-2"])
            #expect(events.last?.kind == .runFinished)
            #expect(events.filter { $0.string("name") == "handoff" }.compactMap { $0["value"]?["stage"] } == ["queued", "live_agent_joined"])
        }
    }

    @Test("an action the simulator refuses is a run that ends in RUN_ERROR")
    func refusal() async throws {
        try await TestScripts.withServer { client in
            let response = try await client.run(
                thread: "t1", run: "r1", extra: #""resume":[{"interruptId":"nope","status":"resolved"}]"#)
            let events = try response.events()
            #expect(events.map(\.type) == ["RUN_STARTED", "RUN_ERROR"])
            #expect(events[1].string("code") == "no_interrupt")
        }
    }

    @Test("duplicate_next, reorder_next and malformed_frame act on the frames")
    func frameFaults() async throws {
        try await TestScripts.withServer { client in
            let duplicated = try await client.run(thread: "t1", run: "r1", messages: [Message.user("u1", "duplicate")])
            #expect(duplicated.data[1] == duplicated.data[2])
            #expect(try duplicated.types()[1] == "TEXT_MESSAGE_START")
            let reordered = try await client.run(thread: "t2", run: "r1", messages: [Message.user("u1", "reorder")])
            #expect(try reordered.types() == ["RUN_STARTED", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_START", "TEXT_MESSAGE_END", "RUN_FINISHED"])
            let malformed = try await client.run(thread: "t3", run: "r1", messages: [Message.user("u1", "malformed")])
            #expect(malformed.data[1] == SSEFrame.malformedData)
            #expect(throws: AGUIDecodingError.self) { try malformed.events() }
            #expect(malformed.streamError == nil, "only the frame is broken, not the stream")
        }
    }

    @Test("drop_connection breaks the chunked body mid-stream")
    func dropConnection() async throws {
        try await TestScripts.withServer { client in
            let response = try await client.run(thread: "t1", run: "r1", messages: [Message.user("u1", "drop")])
            #expect(response.status == 200)
            #expect(response.streamError != nil, "the client sees a broken body, not a clean end")
            #expect(try response.types() == ["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_CONTENT"])
            // The server is still there for the next run.
            let next = try await client.run(thread: "t1", run: "r2", messages: [Message.user("u1", "drop"), Message.user("u2", "hello")])
            #expect(try next.events().compactMap { $0.string("delta") } == ["Sorry?"])
        }
    }

    @Test("a body that is not a RunAgentInput gets 422 with a JSON error; GET is told to POST")
    func badInput() async throws {
        try await TestScripts.withServer { client in
            let missing = try await client.post(#"{"threadId":"t1","messages":[]}"#)
            #expect(missing.status == 422)
            #expect(missing.contentType == "application/json")
            #expect(missing.body == #"{"error":"runId is missing or not a string"}"# + "\n")
            let notJSON = try await client.post("hello")
            #expect(notJSON.status == 422)
            #expect(notJSON.body.hasPrefix(#"{"error":"the body is not JSON"#))
            let get = try await client.post("", method: .GET)
            #expect(get.status == 405)
            #expect(get.body.contains("POST a RunAgentInput"))
        }
    }

    @Test("events stream as their offsets fall due, in real time")
    func realTime() async throws {
        try await TestScripts.withServer(clock: SystemClock()) { client in
            let response = try await client.run(thread: "t1", run: "r1", messages: [Message.user("u1", "slow")])
            let first = try #require(response.arrival(of: "Wait for it."))
            let second = try #require(response.arrival(of: "There."))
            // Measured from the request, a lower bound that a loaded machine can only lengthen (the
            // gap between the two arrivals shrank below 250ms when the first one came late).
            #expect(second > first)
            #expect(second - response.sent >= .seconds(3), "the 3s pause is kept on the wire")
        }
    }

    @Test("runs on one thread take turns; runs on other threads do not wait")
    func oneRunAtATime() async throws {
        // On a clock only the test moves, the first run's 3s pause lasts until the test ends it, so
        // what a loaded machine does to real time cannot reorder anything: each check is causal.
        let clock = TestClock()
        try await TestScripts.withServer(clock: clock) { client in
            async let first = client.run(thread: "t1", run: "r1", messages: [Message.user("u1", "slow")])
            // The first run is in its pause: the one task parked on the clock.
            await clock.waitForSleepers(1)
            async let second = client.run(thread: "t1", run: "r2", messages: [Message.user("u1", "slow"), Message.user("u2", "hello")])
            // The other thread's run is answered in full while the first is still paused.
            let other = try await client.run(thread: "t2", run: "r1", messages: [Message.user("u1", "hello")])
            let otherEnd = try #require(other.arrival(of: "RUN_FINISHED"))
            let released = ContinuousClock.now
            #expect(clock.now == .zero)
            clock.advance(by: .seconds(3))
            let (one, two) = try await (first, second)
            let firstEnd = try #require(one.arrival(of: "RUN_FINISHED"))
            let secondStart = try #require(two.arrival(of: "RUN_STARTED"))
            #expect(otherEnd < released && released < firstEnd)
            // Sent while the first was paused, the second run started only once the pause was over.
            #expect(secondStart > released)
            #expect(try two.events().compactMap { $0.string("delta") } == ["Sorry?"])
        }
    }
}
