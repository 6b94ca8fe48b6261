import ParleyModel

/// Checks a `schedule` slot (`tuesday 10:30`) against a scheduler's weekly `availability`,
/// its meeting `duration` and `bufferTime` (minutes). Slots in other formats are left to the agent.
struct SlotCheck {
    let scheduler: InteractiveMessage

    func check(_ slot: String) throws {
        let parts = slot.lowercased().split(separator: " ")
        guard parts.count == 2, let start = Self.minutes(parts[1]) else { return }
        let day = String(parts[0])
        guard case .object(let availability) = scheduler.data["availability"] else { return }
        guard let ranges = availability.first(where: { $0.key.lowercased() == day })?.value, case .array(let items) = ranges else {
            let days = availability.map(\.key).joined(separator: ", ")
            throw ActionFailure("schedule \(slot): \"\(scheduler.id)\" has no availability on \(day); available days: \(days)")
        }
        let duration = Self.number(scheduler.data["duration"]) ?? 0
        let buffer = Self.number(scheduler.data["bufferTime"]) ?? 0
        let fits = items.contains { item in
            guard case .string(let range) = item else { return false }
            let bounds = range.split(separator: "-")
            guard bounds.count == 2, let from = Self.minutes(bounds[0]), let to = Self.minutes(bounds[1]) else { return false }
            return start >= from && start + duration + buffer <= to
        }
        if !fits {
            let list = items.compactMap { if case .string(let range) = $0 { range } else { nil } }.joined(separator: ", ")
            throw ActionFailure(
                "schedule \(slot): not inside \"\(scheduler.id)\"'s availability on \(day) (\(list)) "
                    + "for a \(Int(duration))-minute meeting with \(Int(buffer)) minutes' buffer")
        }
    }

    private static func minutes(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes) else {
            return nil
        }
        return hours * 60 + minutes
    }

    private static func number(_ value: JSONValue?) -> Int? {
        if case .number(let number) = value { return Int(number) }
        return nil
    }
}
