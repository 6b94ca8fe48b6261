import ParleyModel

extension Conversation {
    /// The connection's last failure, when the agent has sent nothing since: the reason the
    /// connector gave, and whether a socket opened again after it (a socket that opens and stays
    /// silent is no proof the trouble is over). Nil when the agent spoke after the failure, the
    /// connection closed cleanly, or it never reported trouble.
    var connectionTrouble: (reason: String, reopened: Bool)? {
        var reopened = false
        for event in history.reversed() {
            guard case .connection(let state) = event else { return nil }
            switch state {
            case .closed: return nil
            case .open: reopened = true
            case .failed(let reason): return (reason, reopened)
            case .connecting, .reconnecting: continue
            }
        }
        return nil
    }
}
