/// `duplicate_next` and `reorder_next` over any protocol's frames: the part of fault injection the
/// AG-UI and PolyAI servers share. Each server arms it from its own faults and says how a frame
/// released late is stamped (`late`: the held frame, given the one it was swapped with).
struct FrameShuffle<Frame: Sendable>: Sendable {
    /// How many of the next frames go out twice.
    private var duplicates = 0
    /// `reorder_next`: armed, then holding the first of the two frames until the second comes.
    private var reorder: Reorder?

    private enum Reorder: Sendable {
        case armed
        case holding(Frame)
    }

    /// Nothing armed or held: `pass` sends a frame as it is and changes nothing.
    var isIdle: Bool { duplicates == 0 && reorder == nil }

    /// The next frame goes out twice.
    mutating func duplicateNext() {
        duplicates += 1
    }

    /// The next two frames swap places.
    mutating func reorderNext() {
        reorder = .armed
    }

    /// What goes out for `frame`: itself, twice, nothing yet (held for a swap), or the swapped pair.
    mutating func pass(_ frame: Frame, late: (_ held: Frame, _ after: Frame) -> Frame = { held, _ in held }) -> [Frame] {
        var copies = [frame]
        if duplicates > 0 {
            duplicates -= 1
            copies.append(frame)
        }
        var out: [Frame] = []
        for copy in copies {
            switch reorder {
            case nil:
                out.append(copy)
            case .armed?:
                reorder = .holding(copy)
            case .holding(let held)?:
                out += [copy, late(held, copy)]
                reorder = nil
            }
        }
        return out
    }

    /// A frame still held for a swap goes out alone (it has nothing left to swap with).
    mutating func flush() -> [Frame] {
        defer { reorder = nil }
        if case .holding(let held)? = reorder { return [held] }
        return []
    }
}
