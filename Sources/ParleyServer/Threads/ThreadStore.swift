/// Every thread's record, lent to one run at a time: a run on a thread waits until the run before
/// it has finished streaming, so the conversation moves on in the order the runs arrived.
actor ThreadStore {
    private var records: [String: ThreadRecord] = [:]
    private var busy: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Takes the record of `threadID` (a new one for a thread never seen), waiting while another
    /// run has it. Every `acquire` must be followed by one `release`.
    func acquire(_ threadID: String) async -> ThreadRecord {
        if busy.contains(threadID) {
            await withCheckedContinuation { continuation in waiting[threadID, default: []].append(continuation) }
        }
        // Whoever released handed the thread on without clearing `busy`, so it is ours now.
        busy.insert(threadID)
        return records[threadID] ?? ThreadRecord(threadID: threadID)
    }

    /// Stores `record` and hands the thread to the next waiting run, in arrival order.
    func release(_ threadID: String, _ record: ThreadRecord) {
        records[threadID] = record
        if var queue = waiting[threadID], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[threadID] = queue.isEmpty ? nil : queue
            next.resume()
        } else {
            busy.remove(threadID)
        }
    }
}
