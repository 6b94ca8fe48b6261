/// The value formats of a CometChat `dateTime` element, by its `mode`: `date` is `YYYY-MM-DD`,
/// `time` is `HH:mm`, `dateTime` is `YYYY-MM-DDTHH:mm` with optional seconds. With no mode any of
/// the three is accepted. Values read as seconds so they compare with the element's `from`/`to`.
enum DateTimeText {
    /// Seconds since 1970 (a date, a date-time) or since midnight (a time), if `text` is in `mode`'s format.
    static func seconds(_ text: String, mode: String?) -> Int? {
        switch mode {
        case "date": return LocalDate(iso: text).map { $0.daysSinceEpoch * 86_400 }
        case "time": return time(Substring(text), seconds: false)
        case "dateTime": return dateTime(text)
        default: return dateTime(text) ?? seconds(text, mode: "date") ?? seconds(text, mode: "time")
        }
    }

    /// The mode a value is written in, for comparing it with bounds written the same way.
    static func mode(of text: String, declared: String?) -> String? {
        if let declared, ["date", "time", "dateTime"].contains(declared) { return declared }
        if dateTime(text) != nil { return "dateTime" }
        return LocalDate(iso: text) != nil ? "date" : "time"
    }

    /// A `from`/`to` bound in `mode`, read leniently: seconds and a zone suffix are ignored.
    static func bound(_ text: String, mode: String?) -> Int? {
        switch mode {
        case "date": return seconds(String(text.prefix(10)), mode: "date")
        case "time": return time(text.prefix(5), seconds: false)
        default: return dateTime(String(text.prefix(19))) ?? dateTime(String(text.prefix(16)))
        }
    }

    /// What `mode` expects, for messages.
    static func expected(_ mode: String?) -> String {
        switch mode {
        case "date": return "a date (YYYY-MM-DD)"
        case "time": return "a time (HH:mm)"
        case "dateTime": return "a date and time (YYYY-MM-DDTHH:mm)"
        default: return "a date, time or date and time (YYYY-MM-DD, HH:mm or YYYY-MM-DDTHH:mm)"
        }
    }

    private static func dateTime(_ text: String) -> Int? {
        let halves = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2, let date = LocalDate(iso: halves[0]), let time = time(halves[1], seconds: true) else { return nil }
        return date.daysSinceEpoch * 86_400 + time
    }

    /// `HH:mm`, or `HH:mm:ss` when `seconds`, as seconds since midnight.
    private static func time(_ text: Substring, seconds: Bool) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || (seconds && parts.count == 3), parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        return second < 60 ? hour * 3600 + minute * 60 + second : nil
    }
}
