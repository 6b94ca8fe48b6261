/// A UTC offset written after an ISO 8601 time: `Z`, `+01:00`, `-0500`, `+01`.
struct ZoneOffset: Hashable, Sendable {
    /// Seconds east of UTC.
    let seconds: Int

    init?(_ text: some StringProtocol) {
        if text == "Z" || text == "z" {
            seconds = 0
            return
        }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = String(text.dropFirst().filter { $0 != ":" })
        guard digits.allSatisfy(\.isASCIIDigit), digits.count == 2 || digits.count == 4,
            text.dropFirst().filter({ $0 == ":" }).count <= (digits.count == 4 ? 1 : 0),
            let hours = Int(digits.prefix(2)), let minutes = Int(digits.count == 4 ? String(digits.suffix(2)) : "0"),
            hours <= 18, minutes < 60
        else { return nil }
        seconds = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
