import Foundation
import Logging
import ParleyCore
import ParleyLog
import ParleyTesting
import Testing

/// The console's text goes out on a thread of its own, in order; a standard output nobody drains
/// blocks that thread only, not the tasks of the run.
@Suite("queued output")
struct QueuedOutputTests {
    @Test("every text arrives once, in the order it was queued, and flush waits for it")
    func inOrder() async {
        let fake = DescriptorOutputTests.FakeDescriptor(perCall: 7)
        let output = QueuedOutput(DescriptorOutput(write: fake.write))
        let lines = (1...500).map { "[\($0)/500] ✓ Flow \($0)  0.0s\n" }
        for line in lines { output.write(line) }
        await output.flush()
        #expect(fake.text == lines.joined())
        output.write("after the flush\n")
        await output.flush()
        #expect(fake.text == lines.joined() + "after the flush\n")
    }

    @Test("flush with nothing queued returns at once")
    func emptyFlush() async {
        let fake = DescriptorOutputTests.FakeDescriptor()
        let output = QueuedOutput(DescriptorOutput(write: fake.write))
        await output.flush()
        #expect(fake.callCount == 0)
    }

    @Test("an output that stopped (EPIPE) drops the rest, and flush still returns")
    func stopped() async {
        let fake = DescriptorOutputTests.FakeDescriptor(perCall: 100, capacity: 6)
        let output = QueuedOutput(DescriptorOutput(write: fake.write))
        output.write("first line\n")
        output.write("second line\n")
        await output.flush()
        #expect(output.stoppedBy == EPIPE)
        #expect(fake.text == "first ")
    }

    @Test("a console whose pipe nobody reads: its writes return, the run's other plugins finish, and the text comes out whole once read")
    func pipeNobodyReads() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let output = QueuedOutput(DescriptorOutput(descriptor: ends[1]))
        // 1 MiB, more than a pipe holds (64 KiB on Linux): the output's thread blocks in write(2)
        // until the test reads. Written from the task, this would block the test here.
        let filler = String(repeating: String(repeating: "x", count: 1023) + "\n", count: 1024)
        output.write(filler)
        let options = LogPlugin.Options(level: .debug, color: .never)
        let console = LogPlugin(
            options: options, sink: output.write, flush: { await output.flush() }, logger: Logger(label: "parley.log.tests"))
        let other = FinishSignal()
        let run = Task {
            await PluginHost.run(plugins: [console, other]) { host in
                for event in SampleRun.events() { await host.publish(event) }
                return SampleRun.summary()
            }
        }
        // Every event was handled by both (the host finishes plugins only after that) and the
        // other plugin finished, while nothing of the pipe has been read.
        await other.finished()
        let expected = filler + (try await ConsoleCapture.run(options))
        let size = expected.utf8.count
        let read = await DedicatedThread.run { [reader = ends[0]] in Self.read(reader, count: size) }
        _ = await run.value
        #expect(read == expected)
    }

    /// Reads `count` bytes from `descriptor`, blocking until they come.
    private static func read(_ descriptor: Int32, count: Int) -> String {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.read(descriptor, buffer.baseAddress! + offset, count - offset)
                #else
                    Darwin.read(descriptor, buffer.baseAddress! + offset, count - offset)
                #endif
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            offset += got
        }
        return String(decoding: bytes[..<offset], as: UTF8.self)
    }

    /// A plugin that says when it has been finished.
    private final class FinishSignal: Plugin, @unchecked Sendable {
        let name = "other"
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation

        init() {
            (stream, continuation) = AsyncStream.makeStream()
        }

        func handle(_ event: PluginEvent) async throws {}

        func finish(_ summary: RunSummary) async throws {
            continuation.yield()
            continuation.finish()
        }

        func finished() async {
            for await _ in stream { break }
        }
    }
}
