import ParleySimulator

/// Applies a play's wire faults to the frames that follow them. Faults act on frames, not on play
/// events: one event can become several frames (a text start and its reply extras) or none, and
/// what a client sees broken is a frame.
struct FaultInjector: Sendable {
    private var shuffle = FrameShuffle<TimedFrame>()

    /// Arms `fault`, or applies it at once: a malformed frame goes through like any frame, a drop
    /// first releases a frame held for reordering (it has nothing left to swap with).
    mutating func arm(_ fault: ScriptFault, at offset: Duration) -> [TimedFrame] {
        switch fault {
        case .duplicateNext:
            shuffle.duplicateNext()
            return []
        case .reorderNext:
            shuffle.reorderNext()
            return []
        case .malformedFrame:
            return pass(TimedFrame(.malformed(SSEFrame.malformedData), at: offset))
        case .dropConnection:
            return flush() + [TimedFrame(.drop, at: offset)]
        case .close, .binaryFrame, .delayEcho, .outage:
            // WebSocket faults (PolyAI): an SSE response has no close frame, binary frame or echo,
            // and a thread no socket to keep down.
            return []
        }
    }

    /// What goes out for `frame`: itself, twice, nothing yet (held for a swap), or the swapped pair,
    /// both when the later of the two is due.
    mutating func pass(_ frame: TimedFrame) -> [TimedFrame] {
        shuffle.pass(frame) { held, after in TimedFrame(held.frame, at: after.offset) }
    }

    /// A frame still held for a swap when the response ends goes out alone.
    mutating func flush() -> [TimedFrame] {
        shuffle.flush()
    }
}
