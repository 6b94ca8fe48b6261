/// Counts requests per endpoint and says which of them a scripted fault answers. Faults for one
/// endpoint act one after another in the order given: with `sessions:429:1` and `sessions:503:2`
/// the first request gets 429, the next two 503, the fourth is served.
struct PolyAIRestFaultPlan: Sendable {
    let faults: [PolyAIRestFault]
    private var requests: [PolyAIRestFault.Endpoint: Int] = [:]

    init(_ faults: [PolyAIRestFault]) {
        self.faults = faults
    }

    /// Counts one request to `endpoint`; the status it must get, or nil to serve it.
    mutating func next(_ endpoint: PolyAIRestFault.Endpoint) -> Int? {
        let number = (requests[endpoint] ?? 0) + 1
        requests[endpoint] = number
        var covered = 0
        for fault in faults where fault.endpoint == endpoint {
            covered += fault.count
            if number <= covered { return fault.status }
        }
        return nil
    }
}
