/// Durations as flows write them and as event fields carry them.
extension Duration {
    /// The duration in seconds: how event fields and latency checks compare durations with numbers.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The shortest way a flow would write it: `2m`, `5s`, `250ms`, `1.5s`.
    public var flowText: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 60_000 == 0, milliseconds > 0 { return "\(milliseconds / 60_000)m" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        if milliseconds < 1000 { return "\(milliseconds)ms" }
        return "\(Double(milliseconds) / 1000)s"
    }
}
