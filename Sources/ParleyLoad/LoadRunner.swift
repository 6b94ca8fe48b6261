import ParleyCore
import ParleyModel

/// Runs flows as virtual users to a `LoadPlan` and tallies what they do. The schedule comes from
/// the plan and the waits from the injected clock; one flow run is a function, so tests drive the
/// scheduling with a manual clock and made-up results.
public struct LoadRunner: Sendable {
    public var clock: any MonotonicClock
    public var plan: LoadPlan
    /// `--var` values, over every flow's vars and rows.
    public var overrides: [String: JSONValue]
    /// How often progress is reported.
    public var progressInterval: Duration = .seconds(1)

    /// One flow run of a job, as the given run.
    public typealias Perform = @Sendable (LoadJob, FlowRun) async -> FlowResult

    /// A runner to `plan`.
    public init(clock: any MonotonicClock, plan: LoadPlan, overrides: [String: JSONValue] = [:]) {
        self.clock = clock
        self.plan = plan
        self.overrides = overrides
    }

    /// Runs `jobs` against their agents, events published to `host`, and returns the summary.
    /// Cancelling the calling task (Ctrl-C) stops every run at once; the summary then holds the
    /// figures so far and says it was interrupted.
    public func run(
        _ jobs: [LoadJob], host: PluginHost, recorder: LoadRecorder = LoadRecorder(), progress: (@Sendable (LoadProgress) -> Void)? = nil
    ) async -> LoadSummary {
        let clock = clock
        let overrides = overrides
        let begin = clock.now
        return await run(jobs, recorder: recorder, progress: progress, begin: begin) { job, run in
            let settings = FlowInterpreter.Settings(
                defaultTimeout: job.planned.defaultTimeout, overrides: overrides, row: job.row, environment: job.planned.environment,
                settle: job.planned.settle)
            return await FlowRunner(clock: clock).run(
                job.planned.flow, as: run, connector: job.planned.connector, settings: settings, suiteStart: begin, host: host,
                meaning: job.planned.meaning)
        }
    }

    /// Runs `jobs` with `perform` as the flow run: the schedule without the agents.
    public func run(
        _ jobs: [LoadJob], recorder: LoadRecorder = LoadRecorder(), progress: (@Sendable (LoadProgress) -> Void)? = nil,
        begin: Duration? = nil, perform: @escaping Perform
    ) async -> LoadSummary {
        let begin = begin ?? clock.now
        guard !jobs.isEmpty else {
            return recorder.snapshot.summary(plan: plan, elapsed: .zero, interrupted: Task.isCancelled)
        }
        await withTaskGroup(of: Void.self) { outer in
            if let progress { outer.addTask { await report(progress, recorder: recorder, begin: begin) } }
            switch plan.model {
            case .closed(let users, _): await closed(users: users, jobs, recorder: recorder, begin: begin, perform: perform)
            case .open(_, let maxInFlight): await open(maxInFlight: maxInFlight, jobs, recorder: recorder, begin: begin, perform: perform)
            }
            outer.cancelAll()
        }
        return recorder.snapshot.summary(plan: plan, elapsed: clock.now - begin, interrupted: Task.isCancelled)
    }

    /// Each user starts at its time in the ramp and runs the flows round robin, starting one
    /// further along than the user before so the flows are mixed from the first second, until
    /// the duration is over; the run going then finishes.
    private func closed(users: Int, _ jobs: [LoadJob], recorder: LoadRecorder, begin: Duration, perform: @escaping Perform) async {
        let (clock, plan, end) = (clock, plan, begin + plan.duration)
        await withTaskGroup(of: Void.self) { group in
            for user in 0..<users {
                let start = begin + plan.userStart(user)
                guard start < end else { break }
                group.addTask {
                    guard (try? await clock.sleep(until: start)) != nil, !Task.isCancelled else { return }
                    recorder.started()
                    defer { recorder.stopped() }
                    var iteration = 0
                    while clock.now < end && !Task.isCancelled {
                        let job = jobs[(user + iteration) % jobs.count]
                        iteration += 1
                        recorder.record(await perform(job, job.run(id: "u\(user + 1)-\(iteration)")))
                    }
                }
            }
        }
    }

    /// Starts runs at the plan's rate whatever the agent's pace, dropping an arrival that finds
    /// `maxInFlight` runs going; then waits for the runs going to finish.
    private func open(maxInFlight: Int, _ jobs: [LoadJob], recorder: LoadRecorder, begin: Duration, perform: @escaping Perform) async {
        let (clock, plan) = (clock, plan)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<plan.arrivals {
                guard (try? await clock.sleep(until: begin + plan.arrival(index))) != nil, !Task.isCancelled else { break }
                guard recorder.active < maxInFlight else {
                    recorder.drop()
                    continue
                }
                // Counted here, not in the task, so the next arrival sees it even before the task runs.
                recorder.started()
                let job = jobs[index % jobs.count]
                group.addTask {
                    defer { recorder.stopped() }
                    recorder.record(await perform(job, job.run(id: "r\(index + 1)")))
                }
            }
        }
    }

    /// A progress report every interval until cancelled, with the runs per second since the last.
    private func report(_ progress: @Sendable (LoadProgress) -> Void, recorder: LoadRecorder, begin: Duration) async {
        var (lastRuns, lastTime) = (0, begin)
        var next = begin + progressInterval
        while (try? await clock.sleep(until: next)) != nil, !Task.isCancelled {
            let now = clock.now
            let counts = recorder.counts
            let span = (now - lastTime).inSeconds
            var line = LoadProgress(
                elapsed: now - begin, active: recorder.active, users: plan.users, runs: counts.runs, failed: counts.failed,
                dropped: counts.dropped, runsPerSecond: span > 0 ? Double(counts.runs - lastRuns) / span : 0)
            if case .open = plan.model { line.activeName = "in flight" }
            progress(line)
            (lastRuns, lastTime) = (counts.runs, now)
            next += progressInterval
        }
    }
}
