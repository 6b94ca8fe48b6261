/// The open sessions and how many messages each has had.
actor SessionStore {
    private var turns: [String: Int] = [:]
    private var made = 0

    /// A new session's id.
    func open() -> String {
        made += 1
        let id = "s-\(made)"
        turns[id] = 0
        return id
    }

    /// The number of this message in session `id` (from 1), or nil for a session that is not open.
    func nextTurn(of id: String) -> Int? {
        guard let count = turns[id] else { return nil }
        turns[id] = count + 1
        return count + 1
    }

    /// Ends session `id`; false when it was not open.
    func close(_ id: String) -> Bool {
        turns.removeValue(forKey: id) != nil
    }
}
