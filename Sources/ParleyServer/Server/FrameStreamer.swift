import Hummingbird
import NIOCore
import ParleyCore

/// Writes frames to a response body as they fall due on the clock, from the moment streaming
/// starts. Frames due together go out in one write.
struct FrameStreamer: Sendable {
    let clock: any MonotonicClock

    /// Streams `frames` and ends the body cleanly, or throws ``ScriptedDrop`` at a drop frame so the
    /// server closes the connection mid-body.
    func stream(_ frames: [TimedFrame], to writer: inout any ResponseBodyWriter) async throws {
        let start = clock.now
        var index = frames.startIndex
        while index < frames.endIndex {
            let due = frames[index].offset
            try await clock.sleep(until: start + due)
            var batch = ""
            var drop = false
            while index < frames.endIndex, frames[index].offset == due, !drop {
                if let text = frames[index].frame.text { batch += text } else { drop = true }
                index += 1
            }
            if !batch.isEmpty { try await writer.write(ByteBuffer(string: batch)) }
            if drop { throw ScriptedDrop() }
        }
        try await writer.finish(nil)
    }
}
