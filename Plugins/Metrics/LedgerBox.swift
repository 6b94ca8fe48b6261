import ParleyCore

/// The plugin's state across its event lane and its settling: the turns, and a write that failed.
actor LedgerBox {
    private var ledger = TurnLedger()
    private(set) var failure: MetricsError?

    var turns: [TurnLatency] { ledger.turns }

    func note(_ event: PluginEvent) {
        ledger.note(event)
    }

    func fail(_ error: MetricsError) {
        failure = error
    }
}
