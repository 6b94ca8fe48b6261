/// A slot a scheduler accepted: what was picked and the availability window it fits.
public struct ResolvedSlot: Hashable, Sendable {
    /// The slot.
    public let slot: Slot
    /// The window of the slot's day it fits in.
    public let window: TimeWindow

    /// Creates a resolved slot.
    public init(slot: Slot, window: TimeWindow) {
        self.slot = slot
        self.window = window
    }
}
