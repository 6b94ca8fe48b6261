import Foundation
import ParleyModel

/// One window of a day's availability, in minutes since midnight in the scheduler's time zone.
///
/// Written either as the seed's `"09:00-12:00"` or as the Android UI kit's
/// `{"from": "0900", "to": "1200"}` (`HHmm`, `HH:mm` also accepted). A meeting starts at or after
/// `start` and its end plus the buffer after it must not pass `end`.
public struct TimeWindow: Hashable, Sendable, CustomStringConvertible {
    /// The earliest start, in minutes since midnight.
    public let start: Int
    /// The latest a meeting and its buffer may run to, in minutes since midnight (24:00 is 1440).
    public let end: Int

    /// A window from `start` to `end` minutes, which must be a non-empty part of one day.
    public init?(start: Int, end: Int) {
        guard start >= 0, start < end, end <= 24 * 60 else { return nil }
        self.start = start
        self.end = end
    }

    /// `"09:00-12:00"` (spaces around the dash allowed).
    public init?(_ text: String) {
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2 else { return nil }
        self.init(from: String(bounds[0]), to: String(bounds[1]))
    }

    /// `from: "0900", to: "1200"`, or the same as `"09:00"`.
    public init?(from: String, to: String) {
        guard let start = Self.minutes(from), let end = Self.minutes(to) else { return nil }
        self.init(start: start, end: end)
    }

    /// Either form as JSON: a string `"09:00-12:00"` or an object `{"from": "0900", "to": "1200"}`.
    public init?(_ value: JSONValue) {
        switch value {
        case .string(let text): self.init(text)
        case .object:
            guard let from = Self.clockText(value["from"]), let to = Self.clockText(value["to"]) else { return nil }
            self.init(from: from, to: to)
        case .null, .bool, .number, .array: return nil
        }
    }

    /// Whether a meeting starting at `minute` and lasting `length` minutes (buffer included) fits.
    public func fits(startingAt minute: Int, length: Int) -> Bool {
        minute >= start && minute + length <= end
    }

    /// `09:00-12:00`.
    public var description: String { Self.clock(start) + "-" + Self.clock(end) }

    /// A clock time as minutes since midnight: `09:30`, `9:30` or `0930`; `24:00` is the end of the day.
    public static func minutes(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.allSatisfy({ $0.isASCIIDigit || $0 == ":" }) else { return nil }
        let hours: Substring
        let minutes: Substring
        if let colon = trimmed.firstIndex(of: ":") {
            hours = trimmed[..<colon]
            minutes = trimmed[trimmed.index(after: colon)...]
            guard (1...2).contains(hours.count) else { return nil }
        } else {
            // Android's "HHmm".
            guard trimmed.count == 4 else { return nil }
            hours = trimmed.prefix(2)
            minutes = trimmed.suffix(2)
        }
        guard minutes.count == 2, let hour = Int(hours), let minute = Int(minutes), (0...24).contains(hour), (0..<60).contains(minute),
            hour * 60 + minute <= 24 * 60
        else { return nil }
        return hour * 60 + minute
    }

    /// Minutes since midnight as `HH:mm`.
    public static func clock(_ minutes: Int) -> String {
        LocalDate.padded(minutes / 60, 2) + ":" + LocalDate.padded(minutes % 60, 2)
    }

    /// A `from`/`to` written as a string, or as a bare number such as `900` (YAML reads `0900` as text, `900` as a number).
    private static func clockText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .number(let number)? where number >= 0 && number <= 2400 && number.rounded() == number:
            return LocalDate.padded(Int(number), 4)
        case .null?, .bool?, .number?, .array?, .object?, nil: return nil
        }
    }
}
