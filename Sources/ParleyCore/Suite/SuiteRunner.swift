import Foundation
import ParleyModel

/// Runs many flows (DESIGN section 1's suite runner): data rows expanded, shards applied, flows
/// in parallel up to a limit, whole-flow retries, repetitions and fail-fast.
public struct SuiteRunner: Sendable {
    public var clock: any MonotonicClock
    public var options: SuiteOptions

    /// Creates a suite runner.
    public init(clock: any MonotonicClock, options: SuiteOptions = SuiteOptions()) {
        self.clock = clock
        self.options = options
    }

    /// One flow run to make: a flow, a data row, a repetition. A class, so a worker's frame holds a
    /// pointer to it while the flow runs, not a copy (issue 20).
    final class Job: Sendable {
        let planned: PlannedFlow
        let run: FlowRun
        let row: [Assignment]
        /// Secrets the run's name was rendered from, masked before the name is published.
        let nameSecrets: Set<String>

        init(planned: PlannedFlow, run: FlowRun, row: [Assignment], nameSecrets: Set<String> = []) {
            self.planned = planned
            self.run = run
            self.row = row
            self.nameSecrets = nameSecrets
        }
    }

    /// The flow runs `flows` expand to under these options, in order.
    func jobs(_ flows: [PlannedFlow]) -> [Job] {
        var jobs: [Job] = []
        for planned in flows where options.shard?.includes(planned.path) ?? true {
            let rows: [[Assignment]?] = planned.flow.data.map { $0.rows.map(Optional.some) } ?? [nil]
            for (rowIndex, row) in rows.enumerated() {
                for repetition in 1...options.repetitions {
                    let rowNumber = row == nil ? nil : rowIndex + 1
                    var id = planned.path
                    // Planning checked that the name renders; the name as written is only a fallback.
                    let title = try? FlowTitle.render(
                        planned.flow, row: row ?? [], overrides: options.variables, environment: planned.environment).get()
                    var name = title?.name ?? planned.flow.name
                    if let rowNumber {
                        id += "#row\(rowNumber)"
                        if !FlowTitle.isTemplated(planned.flow) { name += " [row \(rowNumber)]" }
                    }
                    if options.repetitions > 1 {
                        id += "#rep\(repetition)"
                        name += " (run \(repetition))"
                    }
                    let run = FlowRun(
                        id: id, name: name, path: planned.path, location: planned.flow.location, tags: planned.flow.tags,
                        row: rowNumber, repetition: repetition, agent: planned.agent)
                    jobs.append(Job(planned: planned, run: run, row: row ?? [], nameSecrets: title?.secrets ?? []))
                }
            }
        }
        return jobs
    }

    /// Runs the flows and returns the summary (plugin failures are added by the host).
    public func run(_ flows: [PlannedFlow], host: PluginHost) async -> RunSummary {
        let startedAt = Date()
        let suiteStart = clock.now
        let jobs = jobs(flows)
        host.secrets.add(jobs.flatMap(\.nameSecrets))
        await host.publish(PluginEvent(time: .zero, flow: nil, kind: .runStarted(jobs.map(\.run))))
        let board = Board(count: jobs.count)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<min(options.parallel, max(jobs.count, 1)) {
                group.addTask {
                    while let index = board.take() {
                        await runJob(jobs[index], index: index, board: board, suiteStart: suiteStart, host: host)
                    }
                }
            }
        }
        let results = jobs.indices.map { index in
            board.result(index) ?? FlowResult(
                run: jobs[index].run, outcome: .skipped(reason: "interrupted"), steps: [], started: clock.now - suiteStart,
                duration: .zero, eventCount: 0)
        }
        return RunSummary(results: results, startedAt: startedAt, duration: clock.now - suiteStart, interrupted: Task.isCancelled)
    }

    /// Runs `job`, with its whole-flow retries, and puts its result on the board at `index`.
    @inline(never)
    private func runJob(_ job: Job, index: Int, board: Board, suiteStart: Duration, host: PluginHost) async {
        let skipReason = Task.isCancelled
            ? "interrupted" : (options.failFast && board.sawFailure ? "--fail-fast: an earlier flow failed" : job.planned.skipReason)
        if let skipReason {
            board.finish(index, await skip(job.run, reason: skipReason, suiteStart: suiteStart, host: host))
            return
        }
        let settings = FlowInterpreter.Settings(
            defaultTimeout: job.planned.defaultTimeout, overrides: options.variables, row: job.row, environment: job.planned.environment,
            settle: job.planned.settle)
        var attempt = 1
        while true {
            var run = job.run
            run.attempt = attempt
            let result = await FlowRunner(clock: clock).run(
                job.planned.flow, as: run, connector: job.planned.connector, settings: settings, suiteStart: suiteStart, host: host,
                meaning: job.planned.meaning)
            if case .failed = result.outcome, attempt <= options.retries, !Task.isCancelled {
                attempt += 1
                continue
            }
            if case .failed = result.outcome { board.noteFailure() }
            board.finish(index, result)
            return
        }
    }

    /// Out of line, so its event is no part of `runJob`'s frame, which is live while the flow waits (issue 20).
    @inline(never)
    private func skip(_ run: FlowRun, reason: String, suiteStart: Duration, host: PluginHost) async -> FlowResult {
        let result = FlowResult(
            run: run, outcome: .skipped(reason: reason), steps: [], started: clock.now - suiteStart, duration: .zero, eventCount: 0)
        await host.publish(PluginEvent(time: clock.now - suiteStart, flow: run, kind: .flowFinished(result)))
        return result
    }
}

/// Hands out job indexes to workers and keeps their results.
final class Board: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var results: [FlowResult?]
    private var failed = false

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func take() -> Int? {
        lock.withLock {
            guard next < results.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func finish(_ index: Int, _ result: FlowResult) { lock.withLock { results[index] = result } }
    func result(_ index: Int) -> FlowResult? { lock.withLock { results[index] } }
    func noteFailure() { lock.withLock { failed = true } }
    var sawFailure: Bool { lock.withLock { failed } }
}
