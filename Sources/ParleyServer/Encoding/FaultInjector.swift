import ParleySimulator

/// Applies a play's wire faults to the frames that follow them. Faults act on frames, not on play
/// events: one event can become several frames (a text start and its reply extras) or none, and
/// what a client sees broken is a frame.
struct FaultInjector: Sendable {
    /// How many of the next frames go out twice.
    private var duplicates = 0
    /// `reorder_next`: armed, then holding the first of the two frames until the second comes.
    private var reorder: Reorder?

    private enum Reorder: Sendable {
        case armed
        case holding(TimedFrame)
    }

    /// Arms `fault`, or applies it at once: a malformed frame goes through like any frame, a drop
    /// first releases a frame held for reordering (it has nothing left to swap with).
    mutating func arm(_ fault: ScriptFault, at offset: Duration) -> [TimedFrame] {
        switch fault {
        case .duplicateNext:
            duplicates += 1
            return []
        case .reorderNext:
            reorder = .armed
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
        var copies = [frame]
        if duplicates > 0 {
            duplicates -= 1
            copies.append(frame)
        }
        var out: [TimedFrame] = []
        for copy in copies {
            switch reorder {
            case nil:
                out.append(copy)
            case .armed?:
                reorder = .holding(copy)
            case .holding(let held)?:
                out += [copy, TimedFrame(held.frame, at: copy.offset)]
                reorder = nil
            }
        }
        return out
    }

    /// A frame still held for a swap when the response ends goes out alone.
    mutating func flush() -> [TimedFrame] {
        defer { reorder = nil }
        if case .holding(let held)? = reorder { return [held] }
        return []
    }
}
