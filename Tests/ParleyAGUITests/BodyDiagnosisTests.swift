import ParleyAGUI
import ParleyCore
import ParleyModel
import Testing

/// A run's body that is not an event stream is named by what it began with, escaped and cut.
@Suite("AG-UI bodies that are not event streams")
struct BodyDiagnosisTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 100)

    func conversation() -> AGUIConversation {
        var conversation = AGUIConversation(threadID: "t1", settings: AGUISettings(url: "http://127.0.0.1:1/agent"))
        _ = conversation.begin(.send(text: "x"), runID: "r1")
        return conversation
    }

    @Test("bytes are shown escaped: printable ASCII as is, CR LF tab quote backslash escaped, the rest as \\xHH; cut at 48 with …")
    func excerpt() {
        #expect(ByteExcerpt.quoted(Array("SSH-2.0-OpenSSH_9.6\r\n".utf8)) == #""SSH-2.0-OpenSSH_9.6\r\n""#)
        #expect(ByteExcerpt.quoted([0x22, 0x5C, 0x09, 0x1B, 0x00, 0xFF]) == #""\"\\\t\x1b\x00\xff""#)
        #expect(ByteExcerpt.quoted(Array(repeating: UInt8(ascii: "a"), count: 49)) == "\"" + String(repeating: "a", count: 48) + "…\"")
        #expect(ByteExcerpt.quoted(Array(repeating: UInt8(ascii: "a"), count: 48)) == "\"" + String(repeating: "a", count: 48) + "\"")
    }

    @Test("binary is a control byte or bytes that are not UTF-8; text with a character cut at the end is not")
    func binary() {
        #expect(ByteExcerpt.isBinary(Self.png))
        #expect(ByteExcerpt.isBinary([0x61, 0xFF, 0xFE, 0x61, 0x61, 0x61, 0x61]))
        #expect(!ByteExcerpt.isBinary(Array("data: {\"type\":\"RUN_STARTED\"}\r\n\n".utf8)))
        #expect(!ByteExcerpt.isBinary(Array("data: é".utf8).dropLast()))
    }

    @Test("a stream of binary junk fails once 64 bytes are in, quoting its start")
    func junkFailsEarly() {
        var conversation = conversation()
        guard case .success(let none) = conversation.receive(Self.png.prefix(30)) else { return #expect(Bool(false)) }
        #expect(none.isEmpty)
        guard case .failure(let error) = conversation.receive(Self.png.dropFirst(30)) else { return #expect(Bool(false)) }
        let shown = #""\x89PNG\r\n\x1a\n"# + String(repeating: #"\x00"#, count: 40) + #"…""#
        #expect(error.message == "the agent at http://127.0.0.1:1/agent answered text/event-stream, but its body is not text: it began " + shown)
    }

    @Test("a short binary body is named at its end; a text body with no event quotes its start")
    func shortBodies() {
        var binary = conversation()
        _ = binary.receive([0x00, 0x01, 0x02])
        guard case .failure(let error) = binary.endOfStream() else { return #expect(Bool(false)) }
        #expect(error.message.hasSuffix(#"but its body is not text: it began "\x00\x01\x02""#), "\(error.message)")
        var text = conversation()
        _ = text.receive(Array("hello there\n".utf8))
        guard case .failure(let plain) = text.endOfStream() else { return #expect(Bool(false)) }
        #expect(plain.message == #"the agent at http://127.0.0.1:1/agent answered text/event-stream with no event in it: its body began "hello there\n""#)
    }
}
