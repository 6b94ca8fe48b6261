import Foundation
import ParleyModel
@testable import ParleyServer
import ParleySimulator
import Testing

/// The small pure pieces: the fault injector, client frames, the upgrade target, the token.
@Suite("PolyAI wire pieces")
struct PolyAIWirePieceTests {
    @Test("the fault injector duplicates, swaps, garbles and ends, and flushes a held frame")
    func injector() {
        var faults = WebSocketFaultInjector(malformedText: PolyAIServer.malformedFrameText)
        #expect(faults.arm(.duplicateNext).isEmpty)
        #expect(faults.pass(.text("a")) == [.text("a"), .text("a")])
        #expect(faults.pass(.text("b")) == [.text("b")])
        #expect(faults.arm(.reorderNext).isEmpty)
        #expect(faults.pass(.text("c")).isEmpty)
        #expect(faults.pass(.text("d")) == [.text("d"), .text("c")])
        #expect(faults.arm(.malformedFrame) == [.text(PolyAIServer.malformedFrameText)])
        #expect(faults.arm(.binaryFrame) == [.binary(WebSocketFrame.binaryBytes)])
        #expect(faults.arm(.delayEcho(.seconds(1))).isEmpty)
        _ = faults.arm(.reorderNext)
        _ = faults.pass(.text("e"))
        #expect(faults.arm(.close(code: 4001, reason: nil)) == [.text("e"), .close(code: 4001, reason: nil)])
        _ = faults.arm(.reorderNext)
        _ = faults.pass(.text("f"))
        #expect(faults.arm(.dropConnection) == [.text("f"), .drop])
        #expect(faults.arm(.outage(.seconds(5))) == [.drop])
        _ = faults.arm(.reorderNext)
        _ = faults.pass(.text("g"))
        #expect(faults.flush() == [.text("g")])
        #expect(faults.pass(.text("h")) == [.text("h")])
    }

    @Test("the fault injector is idle only with nothing armed or held: then a frame passes as it is")
    func injectorIdle() {
        var faults = WebSocketFaultInjector(malformedText: PolyAIServer.malformedFrameText)
        #expect(faults.isIdle)
        _ = faults.arm(.duplicateNext)
        #expect(!faults.isIdle)
        _ = faults.pass(.text("a"))
        #expect(faults.isIdle)
        _ = faults.arm(.reorderNext)
        #expect(!faults.isIdle)
        _ = faults.pass(.text("b"))
        #expect(!faults.isIdle, "holding b for the swap")
        _ = faults.pass(.text("c"))
        #expect(faults.isIdle)
        _ = faults.arm(.malformedFrame)
        _ = faults.arm(.delayEcho(.seconds(1)))
        #expect(faults.isIdle)
        #expect(faults.pass(.text("d")) == [.text("d")])
    }

    @Test("client frames: the five types, their payloads, and refusals")
    func clientFrames() {
        #expect(PolyAIClientFrame(text: #"{"type":"EVENT_TYPE_REQUEST_POLY_AGENT_JOIN","payload":{}}"#) == .join)
        #expect(PolyAIClientFrame(text: #"{"type":"EVENT_TYPE_HEARTBEAT"}"#) == .heartbeat)
        #expect(PolyAIClientFrame(text: #"{"type":"EVENT_TYPE_USER_END_SESSION","payload":{}}"#) == .endSession)
        #expect(
            PolyAIClientFrame(text: #"{"type":"EVENT_TYPE_USER_TYPING","payload":{"state":"TYPING_STATE_STOPPED"}}"#)
                == .typing(.object([JSONMember("state", "TYPING_STATE_STOPPED")])))
        let metadata = JSONValue.object([JSONMember("custom", .object([JSONMember("local_id", "L")]))])
        #expect(
            PolyAIClientFrame(text: #"{"type":"EVENT_TYPE_USER_MESSAGE","payload":{"text":"Hi"},"metadata":{"custom":{"local_id":"L"}}}"#)
                == .userMessage(text: "Hi", metadata: metadata, localID: "L"))
        #expect(
            PolyAIClientFrame(text: #"{"type":"EVENT_TYPE_USER_MESSAGE","payload":{"text":"Hi"}}"#)
                == .userMessage(text: "Hi", metadata: nil, localID: nil))
        #expect(PolyAIClientFrame(text: #"{"type":"EVENT_TYPE_POLY_AGENT_MESSAGE","payload":{}}"#) == .unsupported(type: "EVENT_TYPE_POLY_AGENT_MESSAGE"))
        #expect(PolyAIClientFrame(text: #"{"type":"event_type_heartbeat"}"#) == .unsupported(type: "event_type_heartbeat"))
        for text in ["", "[]", "{}", #"{"type":3}"#, #"{"type":"EVENT_TYPE_USER_MESSAGE","payload":{}}"#] {
            guard case .invalid = PolyAIClientFrame(text: text) else {
                Issue.record("\(text) was not refused")
                continue
            }
        }
    }

    @Test("the upgrade target: token, session, and the cursor as an integer, seq:<n>, or 0")
    func socketRequest() {
        let request = PolyAISocketRequest(target: "/ws?access_token=a.b.c&session_id=s%201&cursor=12")
        #expect(request.path == "/ws" && request.accessToken == "a.b.c" && request.sessionID == "s 1" && request.cursor == 12)
        #expect(PolyAISocketRequest(target: "/ws?cursor=seq:7").cursor == 7)
        for text in ["", "-1", "x", "seq:", "1.5"] {
            #expect(PolyAISocketRequest(target: "/ws?cursor=\(text)").cursor == 0, "\(text)")
        }
        #expect(PolyAISocketRequest(target: "/ws?access_token=&session_id=x").accessToken == nil)
    }

    @Test("scripted REST faults act one after another per endpoint")
    func restFaultPlan() {
        var plan = PolyAIRestFaultPlan([
            PolyAIRestFault(endpoint: .sessions, status: 429), PolyAIRestFault(endpoint: .sessions, status: 503, count: 2),
        ])
        #expect((0..<4).map { _ in plan.next(.sessions) } == [429, 503, 503, nil])
        #expect(plan.next(.accessToken) == nil)
    }

    @Test("an access token is three base64url parts; expires_in rounds a sub-second lifetime up")
    func accessToken() {
        let token = PolyAIAccessToken.mint(lifetime: .seconds(60), now: .init(timeIntervalSince1970: 1_000))
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(token.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) })
        #expect(PolyAIRestTests.claims(of: token)?["exp"] == .number(1_060))
        #expect(PolyAIAccessToken.seconds(.milliseconds(500)) == 1)
        #expect(PolyAIAccessToken.seconds(.seconds(3600)) == 3600)
        // base64url: `+` and `/` become `-` and `_`, the padding goes (0xFB 0xFF is "+/8=" in base64).
        #expect(PolyAIAccessToken.base64URL(Data([0xFB, 0xFF])) == "-_8")
        #expect(PolyAIAccessToken.base64URL(Data("ab".utf8)) == "YWI")
    }

    @Test("X-Host matching: the host, a subdomain, a URL naming one")
    func hostMatch() {
        #expect(PolyAIRestResponder.host("a.b.parley.example", matches: "parley.example"))
        #expect(PolyAIRestResponder.host("https://parley.example/path", matches: "parley.example"))
        #expect(!PolyAIRestResponder.host("xparley.example", matches: "parley.example"))
        #expect(!PolyAIRestResponder.host("", matches: "parley.example"))
    }
}
