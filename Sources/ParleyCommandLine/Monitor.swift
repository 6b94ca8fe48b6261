import ArgumentParser
import AsyncHTTPClient
import Foundation
import Logging
import ParleyCore
import ParleyHTTP
import ParleyLog
import ParleyModel
import ParleyMonitor
import ParleyParser
import ParleyRunner
import ParleyWebhook

/// `parley monitor [paths…]`: run parley.yaml's checks on their schedules until stopped.
struct Monitor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Run checks on a schedule: parley.yaml's monitor: checks, or the given flows with --every.",
        discussion: """
            Each check runs its flows as `parley run` would (parley.yaml's plugins aside) on its schedule: \
            every: 5m or a cron expression, with jitter and a timeout. A check never overlaps itself, and at \
            most --concurrency checks run at once. One line per finished check goes to standard output; \
            structured logs go to standard error (--log-level). Alerts go out when a check has failed \
            alerts.after times in a row (default 2) and when it recovers. /metrics (Prometheus), /healthz and \
            a status page at / are served on --listen (default: monitor: listen:, else 127.0.0.1:9464). SIGINT or SIGTERM stops the \
            monitor: running checks are recorded as interrupted, and it exits 0. Invalid input exits 2 \
            before anything runs.
            """
    )

    @Argument(help: "parley.yaml, or its folder, for monitor: checks; or flow files and folders, one check each, with --every (default: the current folder).")
    var paths: [String] = []

    @Option(name: .customLong("check"), help: "Run only this check of monitor: (repeatable).")
    var checkNames: [String] = []

    @Option(help: "Run every check this often (5m, 30s), whatever monitor: says; required when the paths are flows.")
    var every: String?

    @Option(help: "Checks running at once, at most (default: monitor: concurrency, else 4).")
    var concurrency: Int?

    @Option(help: "Stop after every check has run N times (for tests and one-off sweeps); by default run until stopped.")
    var runs: Int?

    @Option(help: "The history database (SQLite); default: monitor: history: path:, else .parley/history.sqlite beside parley.yaml.")
    var history: String?

    @Option(help: "Serve /metrics, /healthz and the status page on HOST:PORT (port 0: any free port); default: monitor: listen:, else 127.0.0.1:9464.")
    var listen: String?

    @Option(name: .customLong("log-level"), help: "Structured logs on standard error: error, warning (default), info or debug.")
    var logLevel = "warning"

    func validate() throws {
        if let concurrency, concurrency < 1 { throw ValidationError("--concurrency must be at least 1") }
        if let runs, runs < 1 { throw ValidationError("--runs must be at least 1") }
        if let listen, ProjectParser.listenParts(listen) == nil {
            throw ValidationError("--listen must be host:port, like 127.0.0.1:9464 or 0.0.0.0:9464 (port 0: any free port); got \(listen)")
        }
        if let every {
            guard let interval = DurationParser.parse(every), interval >= .seconds(1) else {
                throw ValidationError("--every must be a duration of at least 1s, like 30s or 5m; got \(every)")
            }
        }
        try LogLevelOption.check(logLevel)
    }

    func run() async throws {
        var logger = Logger(label: "parley.monitor") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = Logger.Level(rawValue: logLevel == "warning" ? "warning" : logLevel) ?? .warning
        let runner = Runner(registry: ParleyCommand.registry, logger: logger)
        let plan: MonitorPlan
        switch await MonitorPlan.make(paths: paths.isEmpty ? ["."] : paths, only: checkNames, every: every.flatMap(DurationParser.parse), runner: runner) {
        case .success(let made): plan = made
        case .failure(let problems):
            print(problems.text, to: &standardError)
            throw ExitStatus.invalidInput
        }
        let clock = SystemClock()
        let historyPath = history.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            ?? HistoryLocation.path(for: plan.monitor?.history, projectFile: (plan.directory as NSString).appendingPathComponent("parley.yaml"))
        let store: HistoryStore
        do {
            store = try HistoryStore.open(path: historyPath, retention: HistoryRetention(plan.monitor?.history), logger: logger)
        } catch let error as HistoryError {
            print("parley monitor: \(error)", to: &standardError)
            throw ExitStatus.invalidInput
        }
        defer { try? store.close() }
        // What came before a restart: each check's recent runs, oldest first, for the alert
        // rules, the status page and /metrics' up and last success.
        var recent: [String: [CheckRecord]] = [:]
        for check in plan.checks {
            recent[check.name] = ((try? await store.recent(check: check.name, limit: 100)) ?? []).reversed()
        }
        let names = plan.checks.map(\.name)
        let metrics = MonitorMetrics(checks: names)
        metrics.restore(names.flatMap { recent[$0] ?? [] })
        let board = StatusBoard(checks: names, history: names.flatMap { recent[$0] ?? [] })
        var observers: [any MonitorObserver] = [store, metrics, board, ConsoleObserver { DescriptorOutput.standardOutput.write($0) }]
        let client = RunHTTPClient.make()
        var alerter: Alerter?
        if let alerts = plan.alerts {
            let poster = WebhookPoster(options: alerts.options, client: client, clock: clock)
            alerter = Alerter(after: alerts.after, poster: poster, logger: logger, redactor: Redactor(secrets: alerts.secrets)) { delivery in
                metrics.alert(check: delivery.check, kind: delivery.kind, delivered: delivery.failure == nil)
            }
        }
        if let alerter {
            // The alert state survives a restart: replay each check's recent runs from the history.
            for check in plan.checks { await alerter.seed(recent[check.name] ?? []) }
            observers.append(alerter)
        }
        // /metrics, /healthz and the status page, listening before the first check starts: a
        // port that cannot be had stops the monitor before anything runs.
        let address = (listen ?? plan.monitor?.listen?.value).flatMap(ProjectParser.listenParts) ?? (MonitorServer.standardHost, MonitorServer.standardPort)
        var serverLogger = logger
        serverLogger.logLevel = max(logger.logLevel, .warning)
        let server = MonitorServer(host: address.host, port: address.port, metrics: metrics, board: board, logger: serverLogger)
        let (listening, listened) = AsyncStream.makeStream(of: Int.self)
        let serving = Task {
            defer { listened.finish() }
            try await server.run { listened.yield($0) }
        }
        var ports = listening.makeAsyncIterator()
        guard let port = await ports.next() else {
            do {
                try await serving.value
            } catch {
                print("parley monitor: \(error)", to: &standardError)
            }
            try? await client.shutdown()
            throw ExitStatus.invalidInput
        }
        let served = MonitorServer.address(address.host, port)
        print("parley monitor: status page http://\(served)/, metrics http://\(served)/metrics, health http://\(served)/healthz", to: &standardError)
        let monitor = ParleyMonitor.Monitor(
            checks: plan.checks, concurrency: concurrency ?? plan.concurrency, runner: CheckRunner(runner: runner, projectDirectory: plan.directory, clock: clock),
            observers: observers, clock: clock, logger: logger, runs: runs)
        // A signal stops the checks only: alerts already queued still get the webhook's flush time.
        let checks = Task { await monitor.run() }
        let interrupts = Interrupts { checks.cancel() }
        defer { interrupts.stop() }
        await withTaskGroup(of: Void.self) { group in
            if let alerter { group.addTask { await alerter.deliver() } }
            await checks.value
            alerter?.finish()
        }
        // Served until the last alert went out, so a scrape sees its count.
        serving.cancel()
        try? await serving.value
        try? await client.shutdown()
    }
}
