/// Why a scheduler refused a slot, in words a flow author can act on.
public struct SlotRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The slot as written.
    public let slot: String
    /// Why, without the slot: `not inside "sched-1"'s availability on monday (09:00-12:00) for a 30-minute meeting with 15 minutes' buffer`.
    public let reason: String

    /// `schedule <slot>: <reason>`, the way a failed `schedule` step reads.
    public var message: String { "schedule \(slot): \(reason)" }

    /// The message.
    public var description: String { message }

    init(slot: String, reason: String) {
        self.slot = slot
        self.reason = reason
    }
}
