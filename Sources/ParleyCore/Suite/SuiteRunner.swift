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
        /// The planned flow, shared by all its jobs (rows, repetitions): one pointer each, not a copy (issue 20).
        let plan: Plan
        let run: FlowRun
        /// The flow with its row's settings, shared by the repetitions of one row (issue 20).
        let setup: FlowSetup
        /// Secrets the run's name was rendered from, masked before the name is published.
        let nameSecrets: Set<String>

        var planned: PlannedFlow { plan.planned }

        init(plan: Plan, run: FlowRun, setup: FlowSetup, nameSecrets: Set<String> = []) {
            self.plan = plan
            self.run = run
            self.setup = setup
            self.nameSecrets = nameSecrets
        }
    }

    /// A planned flow in a box its jobs share.
    final class Plan: Sendable {
        let planned: PlannedFlow

        init(_ planned: PlannedFlow) {
            self.planned = planned
        }
    }

    /// The flow runs `flows` expand to under these options, in order.
    func jobs(_ flows: [PlannedFlow]) -> [Job] {
        var jobs: [Job] = []
        for planned in flows where options.shard?.includes(planned.path) ?? true {
            let plan = Plan(planned)
            let rows: [[Assignment]?] = planned.flow.data.map { $0.rows.map(Optional.some) } ?? [nil]
            for (rowIndex, row) in rows.enumerated() {
                let setup = self.setup(planned, row: row ?? [])
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
                    jobs.append(Job(plan: plan, run: run, setup: setup, nameSecrets: title?.secrets ?? []))
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
    ///
    /// Its frame is live for the whole run of the flow, so it holds pointers: the attempt's inputs
    /// are built, and its result judged and filed, by synchronous calls (issue 20).
    @inline(never)
    private func runJob(_ job: Job, index: Int, board: Board, suiteStart: Duration, host: PluginHost) async {
        if let skipReason = skipReason(job, board: board) {
            await skip(job, reason: skipReason, index: index, board: board, suiteStart: suiteStart, host: host)
            return
        }
        var attempt = 1
        while true {
            let inputs = inputs(job, attempt: attempt, suiteStart: suiteStart, host: host)
            let finished = await FlowRunner(clock: clock).run(inputs)
            if !file(finished, attempt: attempt, index: index, board: board) { return }
            attempt += 1
        }
    }

    /// Why `job` is not run: the run was interrupted, an earlier flow failed under `--fail-fast`,
    /// or its plan says so; nil when it runs.
    @inline(never)
    private func skipReason(_ job: Job, board: Board) -> String? {
        Task.isCancelled
            ? "interrupted" : (options.failFast && board.sawFailure ? "--fail-fast: an earlier flow failed" : job.planned.skipReason)
    }

    /// What the runs of `planned` with `row` are played with.
    private func setup(_ planned: PlannedFlow, row: [Assignment]) -> FlowSetup {
        let settings = FlowInterpreter.Settings(
            defaultTimeout: planned.defaultTimeout, overrides: options.variables, row: row, environment: planned.environment,
            settle: planned.settle)
        return FlowSetup(planned.flow, connector: planned.connector, settings: settings, meaning: planned.meaning)
    }

    /// What attempt `attempt` of `job` is played with.
    @inline(never)
    private func inputs(_ job: Job, attempt: Int, suiteStart: Duration, host: PluginHost) -> FlowInputs {
        var run = job.run
        run.attempt = attempt
        return FlowInputs(job.setup, as: run, suiteStart: suiteStart, host: host)
    }

    /// Files the result of attempt `attempt` at `index`; true instead when the flow is to be tried again.
    @inline(never)
    private func file(_ finished: FlowRunner.Finished, attempt: Int, index: Int, board: Board) -> Bool {
        if case .failed = finished.result.outcome, attempt <= options.retries, !Task.isCancelled { return true }
        if case .failed = finished.result.outcome { board.noteFailure() }
        board.finish(index, finished)
        return false
    }

    /// Out of line, so its event is no part of `runJob`'s frame, which is live while the flow waits (issue 20).
    @inline(never)
    private func skip(_ job: Job, reason: String, index: Int, board: Board, suiteStart: Duration, host: PluginHost) async {
        let skipped = skipped(job.run, reason: reason, suiteStart: suiteStart, host: host)
        board.finish(index, FlowRunner.Finished(skipped.result))
        await host.deliver(skipped.events)
    }

    @inline(never)
    private func skipped(_ run: FlowRun, reason: String, suiteStart: Duration, host: PluginHost) -> (result: FlowResult, events: [PluginEvent]) {
        let result = FlowResult(
            run: run, outcome: .skipped(reason: reason), steps: [], started: clock.now - suiteStart, duration: .zero, eventCount: 0)
        return (result, host.masked(PluginEvent(time: clock.now - suiteStart, flow: run, kind: .flowFinished(result))))
    }
}

/// Hands out job indexes to workers and keeps their results, boxed: the board is made for every
/// job at the start, and a slot of a pointer costs 8 bytes where a `FlowResult?` costs about 300 (issue 20).
final class Board: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var results: [FlowRunner.Finished?]
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

    func finish(_ index: Int, _ finished: FlowRunner.Finished) { lock.withLock { results[index] = finished } }
    func result(_ index: Int) -> FlowResult? { lock.withLock { results[index]?.result } }
    func noteFailure() { lock.withLock { failed = true } }
    var sawFailure: Bool { lock.withLock { failed } }
}
