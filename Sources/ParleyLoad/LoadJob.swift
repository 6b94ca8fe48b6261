import ParleyCore
import ParleyModel

/// One flow a virtual user can run: a planned flow, with one of its data rows when it has `data:`.
public struct LoadJob: Sendable {
    public var planned: PlannedFlow
    public var row: [Assignment]
    /// The data row (from 1), when the flow has `data:`.
    public var rowNumber: Int?

    /// A job as given.
    public init(planned: PlannedFlow, row: [Assignment] = [], rowNumber: Int? = nil) {
        self.planned = planned
        self.row = row
        self.rowNumber = rowNumber
    }

    /// Every flow, each data row its own job, in order: what the virtual users go round.
    public static func jobs(_ flows: [PlannedFlow]) -> [LoadJob] {
        flows.flatMap { planned -> [LoadJob] in
            guard let rows = planned.flow.data?.rows, !rows.isEmpty else { return [LoadJob(planned: planned)] }
            return rows.enumerated().map { LoadJob(planned: planned, row: $1, rowNumber: $0 + 1) }
        }
    }

    /// The flow run a virtual user makes: named as written (so every run of a flow adds up in one
    /// place), with an id no other run of the load has, as a session id must be.
    func run(id suffix: String) -> FlowRun {
        let flow = planned.flow
        var id = planned.path
        if let rowNumber { id += "#row\(rowNumber)" }
        return FlowRun(
            id: id + "#" + suffix, name: flow.name, path: planned.path, location: flow.location, tags: flow.tags, row: rowNumber,
            agent: planned.agent)
    }
}
