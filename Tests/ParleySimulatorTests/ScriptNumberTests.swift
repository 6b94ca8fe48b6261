import ParleyModel
import ParleyParser
import ParleySimulator
import Testing

/// Numbers in agent scripts past what Parley can hold are diagnostics at their place, never a
/// trap (issue 13, point 6): delays, counts and queue places.
@Suite("agent script numbers")
struct ScriptNumberTests {
    func messages(_ text: String) -> [String] {
        Support.parse(text).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    @Test("huge delays, counts and queue places are refused with the largest allowed")
    func hugeNumbers() {
        let result = messages(
            """
            timing: { think: 99999999999999999999s, chunks: 1e30, chunk_delay: 1000000000000000000000ms }
            rules:
              - when: { text: hi }
                play:
                  - pause: 99999999999999999999s
                  - handoff: { stage: queued, queue_position: 1e300, wait: 100000000h }
                  - reply: { text: hello, chunks: 99999999999999999999 }
                  - custom: { name: big, value: { n: 1e400 } }
            """)
        #expect(
            result == [
                "1:18: duration 99999999999999999999s is too long; the longest is 100 years (3153600000s)",
                "1:49: a number of chunks must be at most 999999999; got 1e30",
                "1:68: duration 1000000000000000000000ms is too long; the longest is 100 years (3153600000s)",
                "5:16: duration 99999999999999999999s is too long; the longest is 100 years (3153600000s)",
                "6:51: a queue position must be at most 999999999; got 1e300",
                "6:64: duration 100000000h is too long; the longest is 100 years (3153600000s)",
                "7:39: a number of chunks must be at most 999999999; got 99999999999999999999",
                "8:42: number 1e400 is out of range; the largest is about 1.8e308",
            ])
    }

    @Test("the largest allowed delay and count still read")
    func largestAllowed() {
        let result = messages(
            """
            timing: { think: 3153600000s, chunks: 999999999 }
            rules:
              - when: { text: hi }
                play:
                  - pause: 52560000m
                  - reply: hello
            """)
        #expect(result == [])
    }
}
