import ParleySimulator

/// Applies a play's wire faults to the frames that follow them on a served socket (PolyAI's live
/// socket, a CometChat conversation's sockets). What the server keeps is never touched: a
/// duplicated or reordered message is stored once, in order, and history has it clean.
struct WebSocketFaultInjector: Sendable {
    /// What `fault: malformed_frame` sends: the start of one of the protocol's frames, cut off.
    let malformedText: String
    /// Duplicates go out as the same text: the same id (and, on PolyAI, sequence).
    private var shuffle = FrameShuffle<WebSocketFrame>()

    /// An injector with nothing armed.
    init(malformedText: String) {
        self.malformedText = malformedText
    }

    /// Nothing armed: the next frame goes out as it is, and nothing changes.
    var isIdle: Bool { shuffle.isIdle }

    /// Arms `fault`, or applies it at once. A malformed or binary frame goes through like any
    /// frame (it can be duplicated or reordered); a close or drop first releases a frame held for
    /// reordering (it has nothing left to swap with).
    mutating func arm(_ fault: ScriptFault) -> [WebSocketFrame] {
        switch fault {
        case .duplicateNext:
            shuffle.duplicateNext()
            return []
        case .reorderNext:
            shuffle.reorderNext()
            return []
        case .malformedFrame:
            return pass(.text(malformedText))
        case .binaryFrame:
            return pass(.binary(WebSocketFrame.binaryBytes))
        case .close(let code, let reason):
            return flush() + [.close(code: code, reason: reason)]
        case .dropConnection, .outage:
            // An outage starts with a drop; the server keeps later sockets down.
            return flush() + [.drop]
        case .delayEcho:
            // Not a frame fault: PolyAI's encoder takes it out and delays the echo before the
            // play; CometChat has no echo to delay (the REST answer confirms, and goes first).
            return []
        }
    }

    /// What goes out for `frame`: itself, twice, nothing yet (held for a swap), or the swapped pair.
    mutating func pass(_ frame: WebSocketFrame) -> [WebSocketFrame] {
        shuffle.pass(frame)
    }

    /// A frame still held for a swap when the play ends goes out alone; armed faults lapse.
    mutating func flush() -> [WebSocketFrame] {
        defer { shuffle = FrameShuffle() }
        return shuffle.flush()
    }
}
