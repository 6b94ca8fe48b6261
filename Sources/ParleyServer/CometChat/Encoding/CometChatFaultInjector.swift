import ParleySimulator

/// Applies a play's wire faults to the frames that follow them on a conversation's sockets. What
/// the server keeps is never touched: a duplicated or reordered message is stored once, in order,
/// and the message list has it clean.
struct CometChatFaultInjector: Sendable {
    private var shuffle = FrameShuffle<CometChatWireFrame>()

    /// Arms `fault`, or applies it at once. A malformed or binary frame goes through like any
    /// frame (it can be duplicated or reordered); a close or drop first releases a frame held for
    /// reordering (it has nothing left to swap with).
    mutating func arm(_ fault: ScriptFault) -> [CometChatWireFrame] {
        switch fault {
        case .duplicateNext:
            shuffle.duplicateNext()
            return []
        case .reorderNext:
            shuffle.reorderNext()
            return []
        case .malformedFrame:
            return pass(.text(CometChatWireFrame.malformedText))
        case .binaryFrame:
            return pass(.binary(CometChatWireFrame.binaryBytes))
        case .close(let code, let reason):
            return flush() + [.close(code: code, reason: reason)]
        case .dropConnection, .outage:
            // An outage starts with a drop; the server keeps the users' new sockets down.
            return flush() + [.drop]
        case .delayEcho:
            // No echo to delay: the REST answer is the user's confirmation, and it goes first.
            return []
        }
    }

    /// What goes out for `frame`: itself, twice, nothing yet (held for a swap), or the swapped pair.
    mutating func pass(_ frame: CometChatWireFrame) -> [CometChatWireFrame] {
        shuffle.pass(frame)
    }

    /// A frame still held for a swap when the play ends goes out alone; armed faults lapse.
    mutating func flush() -> [CometChatWireFrame] {
        defer { self = CometChatFaultInjector() }
        return shuffle.flush()
    }
}
