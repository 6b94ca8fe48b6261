import ParleySimulator

/// Applies a play's wire faults to the frames that follow them on the live socket. History is
/// never touched: a duplicated or reordered event is kept once, in order, and a client that
/// reconnects gets it clean in its batch.
struct PolyAIFaultInjector: Sendable {
    /// Duplicates go out as the same text: the same id and sequence.
    private var shuffle = FrameShuffle<PolyAIWireFrame>()

    /// Arms `fault`, or applies it at once. A malformed or binary frame goes through like any
    /// frame (it can be duplicated or reordered); a close or drop first releases a frame held for
    /// reordering (it has nothing left to swap with).
    mutating func arm(_ fault: ScriptFault) -> [PolyAIWireFrame] {
        switch fault {
        case .duplicateNext:
            shuffle.duplicateNext()
            return []
        case .reorderNext:
            shuffle.reorderNext()
            return []
        case .malformedFrame:
            return pass(.text(PolyAIWireFrame.malformedText))
        case .binaryFrame:
            return pass(.binary(PolyAIWireFrame.binaryBytes))
        case .close(let code, let reason):
            return flush() + [.close(code: code, reason: reason)]
        case .dropConnection, .outage:
            // An outage starts with a drop; the session keeps later sockets down.
            return flush() + [.drop]
        case .delayEcho:
            // Acts on the echo before the play, not on frames: the encoder took it out.
            return []
        }
    }

    /// What goes out for `frame`: itself, twice, nothing yet (held for a swap), or the swapped pair.
    mutating func pass(_ frame: PolyAIWireFrame) -> [PolyAIWireFrame] {
        shuffle.pass(frame)
    }

    /// A frame still held for a swap when the play ends goes out alone; armed faults lapse.
    mutating func flush() -> [PolyAIWireFrame] {
        defer { self = PolyAIFaultInjector() }
        return shuffle.flush()
    }
}
