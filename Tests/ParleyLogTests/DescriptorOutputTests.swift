import Foundation
import ParleyLog
import Testing

/// The console's output stops at the first write error (EPIPE: its reader went away) instead of
/// trapping, and writes every byte otherwise, short writes and EINTR included.
@Suite("descriptor output")
struct DescriptorOutputTests {
    /// A stand-in for `write(2)`: takes at most `perCall` bytes a call, answers EINTR once, then
    /// fails with `error` once `capacity` bytes are in.
    final class FakeDescriptor: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        private var calls = 0
        private var interrupted = false
        let perCall: Int
        let capacity: Int
        let error: Int32

        init(perCall: Int = 3, capacity: Int = .max, error: Int32 = EPIPE) {
            self.perCall = perCall
            self.capacity = capacity
            self.error = error
        }

        var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
        var callCount: Int { lock.withLock { calls } }

        func write(_ buffer: UnsafeRawBufferPointer) -> (count: Int, error: Int32) {
            lock.withLock {
                calls += 1
                if !interrupted {
                    interrupted = true
                    return (-1, EINTR)
                }
                guard bytes.count < capacity else { return (-1, error) }
                let count = min(perCall, buffer.count, capacity - bytes.count)
                bytes += buffer.prefix(count)
                return (count, 0)
            }
        }
    }

    @Test("short writes and EINTR: every byte arrives, in order")
    func writesAll() {
        let fake = FakeDescriptor()
        let output = DescriptorOutput(write: fake.write)
        output.write("[1/2] ✓ Quick  0.0s\n")
        output.write("[2/2] ✓ Slow  1.0s\n")
        #expect(fake.text == "[1/2] ✓ Quick  0.0s\n[2/2] ✓ Slow  1.0s\n")
        #expect(output.stoppedBy == nil)
    }

    @Test("EPIPE stops the output for good: later writes do not reach the descriptor")
    func stopsOnEPIPE() {
        let fake = FakeDescriptor(perCall: 100, capacity: 6)
        let output = DescriptorOutput(write: fake.write)
        output.write("first line\n")
        #expect(output.stoppedBy == EPIPE)
        #expect(fake.text == "first ")
        let calls = fake.callCount
        output.write("second line\n")
        #expect(fake.callCount == calls, "nothing is attempted once the reader has gone")
    }

    @Test("another error (a full disk under > run.log) stops it too, and is kept")
    func stopsOnOtherErrors() {
        let fake = FakeDescriptor(perCall: 100, capacity: 0, error: ENOSPC)
        let output = DescriptorOutput(write: fake.write)
        output.write("line\n")
        #expect(output.stoppedBy == ENOSPC)
        #expect(fake.text.isEmpty)
    }
}
