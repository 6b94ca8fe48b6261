import ParleyModel

extension Conversation {
    /// Why the connection is down, when it is: the last failure the connector reported since the
    /// connection was last open. Nil while it is open, closed cleanly, or never reported trouble.
    var connectionTrouble: String? {
        for event in history.reversed() {
            guard case .connection(let state) = event else { continue }
            switch state {
            case .open, .closed: return nil
            case .failed(let reason): return reason
            case .connecting, .reconnecting: continue
            }
        }
        return nil
    }
}
