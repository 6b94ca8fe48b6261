/// The one checked conversion of a number read from outside to a whole number (``NumberBounds``).
extension Int {
    /// `number` as a whole number, or nil when it is not finite, has a fraction, or lies beyond
    /// ±``NumberBounds/largestWhole``. Never traps.
    public init?(checked number: Double) {
        guard number.isFinite, number.rounded(.towardZero) == number,
            abs(number) <= Double(NumberBounds.largestWhole)
        else { return nil }
        self.init(number)
    }
}
