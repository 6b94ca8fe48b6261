import Foundation

/// A day of the week, as scheduler availability names it (`monday` … `sunday`).
public enum Weekday: String, Hashable, Sendable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The day a name means in any case: `Monday`, `MONDAY`, `monday`.
    public init?(named name: String) {
        self.init(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
