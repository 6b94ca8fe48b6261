import Foundation
import ParleyCore
import ParleyModel
import ParleyMonitor
import ParleyParser
import ParleyRunner
import ParleyWebhook

/// What `parley monitor` will run, worked out and checked before anything starts: the project,
/// its checks (or one per path given with --every), the alerts' webhook; every problem at once.
struct MonitorPlan {
    var directory: String
    var checks: [CheckConfig]
    var concurrency: Int
    var alerts: Alerts?
    var monitor: MonitorConfig?

    struct Alerts {
        var after: Int
        var options: WebhookPlugin.Options
        var secrets: Set<String>
    }

    struct Problems: Error {
        var text: String
    }

    /// Concurrency when neither monitor: nor --concurrency says.
    static let defaultConcurrency = 4

    static func make(paths: [String], only names: [String], every: Duration?, runner: Runner) async -> Result<MonitorPlan, Problems> {
        guard let projectPath = ProjectParser.locate(from: paths[0]) else {
            return .failure(Problems(text: "parley monitor: no parley.yaml in \(paths[0]) or a folder above it"))
        }
        let directory = (projectPath as NSString).deletingLastPathComponent
        // Everything `parley validate` checks of the project, monitor: included.
        let validation = await runner.validate(RunRequest(paths: [directory]))
        if validation.hasErrors { return .failure(Problems(text: validation.rendered())) }
        let monitor = ProjectParser.parse(path: projectPath, catalog: runner.registry.catalog).config?.monitor
        var checks: [CheckConfig]
        let namesProject = paths.allSatisfy { Self.isProject($0, projectPath: projectPath) }
        if namesProject, let monitor {
            checks = monitor.checks
        } else if namesProject && every == nil {
            return .failure(Problems(text: "parley monitor: \(projectPath) has no monitor: checks; add them (docs/monitor.md), or name flows and give --every"))
        } else {
            guard let every else {
                return .failure(Problems(text: "parley monitor: give --every (like 5m) to run \(paths.joined(separator: ", ")) as checks, or name checks under monitor: in parley.yaml"))
            }
            checks = paths.map { path in
                let name = URL(fileURLWithPath: path).lastPathComponent.replacingOccurrences(of: ".flow.yaml", with: "").replacingOccurrences(of: ".flow.yml", with: "")
                let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
                return CheckConfig(name: name, flows: [Located(absolute, at: SourceLocation(file: path, line: 1, column: 1))], schedule: .every(every), location: SourceLocation(file: path, line: 1, column: 1))
            }
        }
        if let every { checks = checks.map { var check = $0; check.schedule = .every(every); return check } }
        if !names.isEmpty {
            let known = checks.map(\.name)
            for name in names where !known.contains(name) {
                return .failure(Problems(text: "parley monitor: no check named '\(name)' (checks: \(known.joined(separator: ", ")))\(Suggestion.hint(for: name, in: known))"))
            }
            checks = checks.filter { names.contains($0.name) }
        }
        if checks.isEmpty { return .failure(Problems(text: "parley monitor: no checks to run")) }
        // Each check's flows must plan, as `parley run` would plan them.
        let checkRunner = CheckRunner(runner: runner, projectDirectory: directory, clock: SystemClock())
        var problems: [String] = []
        for check in checks {
            let found = await checkRunner.validate(check)
            if found.hasErrors {
                problems.append("check '\(check.name)' (\(check.location)):\n\(found.rendered())")
            } else if found.flowFiles.isEmpty {
                problems.append("\(check.location): check '\(check.name)' has no flows to run")
            }
        }
        var alerts: Alerts?
        if let config = monitor?.alerts {
            do {
                let rendered = try runner.render(config.webhook, asSettingsOf: "webhook")
                let options = try WebhookPlugin.Options.parse(rendered.values)
                alerts = Alerts(after: config.after ?? 2, options: options, secrets: rendered.secrets)
            } catch {
                problems.append("\(config.location): alerts: webhook: \(error)")
            }
        }
        guard problems.isEmpty else { return .failure(Problems(text: problems.joined(separator: "\n"))) }
        return .success(MonitorPlan(directory: directory, checks: checks, concurrency: monitor?.concurrency ?? defaultConcurrency, alerts: alerts, monitor: monitor))
    }

    /// Whether `path` names the project itself: its parley.yaml or the folder holding it.
    static func isProject(_ path: String, projectPath: String) -> Bool {
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        let project = URL(fileURLWithPath: projectPath).standardizedFileURL
        return standard == project.path || standard == project.deletingLastPathComponent().path
    }
}
