import Foundation
import ParleyCore
import ParleyModel
import ParleyParser

/// What planning checks of `monitor:` beyond what the parser can see: each check's flow paths
/// on disk (and that its tags leave it a flow), the alerts' webhook settings through the webhook
/// provider itself, and timings that cannot work as written. Part of the one planning pass, so
/// `parley validate` reports them with everything else.
struct MonitorCheck {
    var registry: Registry
    var resources: RunResources
    var environment: ProcessEnvironment

    /// Checks `monitor` of the project at `path`.
    ///
    /// An alerts webhook whose `${env.X}`/`${secret.X}` this machine lacks is not checked, like
    /// an agent no flow uses: CI runs the project's flows without the monitor's alert secrets.
    func check(_ monitor: MonitorConfig, path: String, renderer: inout SettingsRenderer, into findings: inout PlanFindings) {
        let directory = (path as NSString).deletingLastPathComponent
        for check in monitor.checks {
            checkFlows(check, directory: directory, into: &findings)
            checkTimings(check, into: &findings)
        }
        if let alerts = monitor.alerts { checkWebhook(alerts, directory: directory, renderer: &renderer, into: &findings) }
    }

    /// Every `flows:` path exists and holds a flow; tags leave at least one.
    private func checkFlows(_ check: CheckConfig, directory: String, into findings: inout PlanFindings) {
        var files: [String] = []
        for flow in check.flows where !flow.value.trimmingCharacters(in: .whitespaces).isEmpty {
            let resolved = Self.resolve(flow.value, in: directory)
            let found = Validator.files(in: [resolved])
            if !found.missing.isEmpty {
                findings.add(InvalidInput("check '\(check.name)': no such file or folder '\(flow.value)' (paths are relative to parley.yaml's folder)", at: flow.location))
            } else if found.flows.isEmpty {
                findings.add(InvalidInput("check '\(check.name)': no *.flow.yaml or *.flow.yml under '\(flow.value)'", at: flow.location))
            }
            files += found.flows
        }
        guard !files.isEmpty, !(check.tags.isEmpty && check.excludeTags.isEmpty) else { return }
        // A flow that does not parse is reported where it is validated; here it only cannot be selected.
        let parser = FlowParser(catalog: registry.catalog)
        let selected = files.contains { file in
            guard let flow = parser.parse(path: file).flow else { return false }
            if !check.tags.isEmpty && !flow.tags.contains(where: check.tags.contains) { return false }
            return !flow.tags.contains(where: check.excludeTags.contains)
        }
        if !selected {
            let filter = (check.tags.isEmpty ? [] : ["tags: [\(check.tags.joined(separator: ", "))]"])
                + (check.excludeTags.isEmpty ? [] : ["exclude_tags: [\(check.excludeTags.joined(separator: ", "))]"])
            findings.add(InvalidInput("check '\(check.name)': \(filter.joined(separator: " and ")) leave none of its \(files.count) flow\(files.count == 1 ? "" : "s") to run", at: check.location))
        }
    }

    /// A timeout or jitter as long as the interval means runs that skip their slots.
    private func checkTimings(_ check: CheckConfig, into findings: inout PlanFindings) {
        guard let interval = check.schedule.shortestInterval else { return }
        let every = Self.describe(check.schedule, interval: interval)
        if let timeout = check.timeout, timeout > interval {
            findings.append([
                .warning(
                    "check '\(check.name)': timeout \(timeout.flowText) is longer than \(every); a run that takes that long makes the check skip slots (it never overlaps itself)",
                    at: check.location)
            ])
        }
        if let jitter = check.jitter, jitter >= interval {
            findings.append([
                .warning("check '\(check.name)': jitter \(jitter.flowText) is not shorter than \(every); runs may start after their next slot", at: check.location)
            ])
        }
    }

    /// The alerts' webhook, made by the webhook provider exactly as `parley monitor` will make it.
    private func checkWebhook(_ alerts: AlertConfig, directory: String, renderer: inout SettingsRenderer, into findings: inout PlanFindings) {
        guard !alerts.webhook.isEmpty, let provider = registry.plugin(named: "webhook") else { return }
        var scratch = SettingsRenderer(environment: environment)
        guard (try? scratch.render(alerts.webhook)) != nil else { return }
        let location = alerts.webhook.first?.location ?? alerts.location
        let config = PluginConfig(name: provider.declaration.name, settings: alerts.webhook, location: location)
        do throws(InvalidInput) {
            let settings = try renderer.render(alerts.webhook)
            renderer.noteCredentials(of: provider.declaration, in: settings)
            let factory = PluginFactory(registry: registry, projectDirectory: URL(fileURLWithPath: directory), isTerminal: false, resources: resources)
            _ = try factory.plugin(config, settings: settings)
        } catch {
            findings.add(Self.relocated(error, among: alerts.webhook))
        }
    }

    /// The problem at the setting it names (`webhook: retries: …` at `retries:`), where the
    /// provider could only name the entry.
    static func relocated(_ problem: InvalidInput, among settings: [Assignment]) -> InvalidInput {
        guard problem.location != nil, problem.diagnostics.isEmpty else { return problem }
        let parts = problem.message.split(separator: ":", maxSplits: 2)
        guard parts.count == 3, let setting = settings.first(where: { $0.name == parts[1].trimmingCharacters(in: .whitespaces) }) else {
            return problem
        }
        return InvalidInput(problem.message, at: setting.location)
    }

    /// `path` against the folder of parley.yaml, unless absolute.
    static func resolve(_ path: String, in directory: String) -> String {
        if path.hasPrefix("/") || directory.isEmpty { return path }
        return (directory as NSString).appendingPathComponent(path)
    }

    private static func describe(_ schedule: ScheduleSpec, interval: Duration) -> String {
        switch schedule {
        case .every: return "its interval (every \(interval.flowText))"
        case .cron(let text): return "the \(interval.flowText) between two slots of cron \"\(text.value)\""
        }
    }
}
