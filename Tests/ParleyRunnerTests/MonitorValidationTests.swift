import Foundation
import Parley
@testable import ParleyRunner
import ParleyTesting
import Testing

/// `monitor:` is checked in the one planning pass `parley validate` and `parley run` share: the
/// parser's mistakes and the runner's (flow paths, the alerts' webhook, timings) together.
@Suite("monitor: in the planning pass")
struct MonitorValidationTests {
    /// A project folder with the example health-check flow, `monitor` appended to its parley.yaml.
    static func project(_ monitor: String) throws -> URL {
        let folder = try ProjectPaths.temporaryFolder()
        let script = ProjectPaths.flows.appendingPathComponent("agents/demo-support.agent.yaml").path
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("health"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ProjectPaths.flows.appendingPathComponent("11-health-check.flow.yaml"),
            to: folder.appendingPathComponent("health/11-health-check.flow.yaml"))
        try """
            agents:
              demo: { connector: simulator, script: \(script) }
            \(monitor)
            """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    private func validate(_ folder: URL, environment: [String: String] = [:]) async -> Validation {
        await Runner(environment: ProcessEnvironment(variables: environment)).validate(RunRequest(paths: [folder.path]))
    }

    @Test("a sound monitor: validates clean, folders and files alike")
    func clean() async throws {
        let folder = try Self.project(
            """
            monitor:
              alerts: { after: 3, webhook: { url: "http://127.0.0.1:9/hook", format: slack, retries: 1 } }
              checks:
                faq: { flows: [health/11-health-check.flow.yaml], tags: [health], every: 1m, timeout: 30s, jitter: 5s }
                all: { flows: health, cron: "*/5 * * * *" }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let validation = await validate(folder)
        #expect(validation.findings.isEmpty, "\(validation.rendered())")
    }

    @Test("a missing flow path, a folder without flows and tags that leave nothing, each at its place")
    func flowPaths() async throws {
        let folder = try Self.project(
            """
            monitor:
              checks:
                faq: { flows: [health/11-helth-check.flow.yaml, empty], every: 1m }
                tagged: { flows: health, tags: [nightly], every: 1m }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let validation = await validate(folder)
        let text = validation.rendered()
        #expect(validation.hasErrors)
        #expect(
            text.contains(
                "parley.yaml:5:20: error: check 'faq': no such file or folder 'health/11-helth-check.flow.yaml' (paths are relative to parley.yaml's folder)"),
            "\(text)")
        #expect(text.contains("parley.yaml:5:53: error: check 'faq': no *.flow.yaml or *.flow.yml under 'empty'"), "\(text)")
        #expect(text.contains("parley.yaml:6:5: error: check 'tagged': tags: [nightly] leave none of its 1 flow to run"), "\(text)")
    }

    @Test("parser and runner findings come in one pass: a misspelt key, an unknown agent and a missing path")
    func onePass() async throws {
        let folder = try Self.project(
            """
            monitor:
              concurency: 2
              checks:
                faq: { flows: nowhere, every: 1m, agent: dmo }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let validation = await validate(folder)
        let text = validation.rendered()
        #expect(validation.findings.errorCount == 3, "\(text)")
        #expect(text.contains("parley.yaml:4:3: error: unknown key 'concurency' in 'monitor'; did you mean 'concurrency'?"), "\(text)")
        #expect(text.contains("parley.yaml:6:46: error: check 'faq': unknown agent 'dmo' ('agents:' defines demo); did you mean 'demo'?"), "\(text)")
        #expect(text.contains("parley.yaml:6:19: error: check 'faq': no such file or folder 'nowhere'"), "\(text)")
    }

    @Test("a timeout longer than the interval, and jitter as long as it, are warnings")
    func timings() async throws {
        let folder = try Self.project(
            """
            monitor:
              checks:
                slow: { flows: health, every: 1m, timeout: 2m, jitter: 1m }
                cron: { flows: health, cron: "0,10 * * * *", timeout: 15m }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let validation = await validate(folder)
        let text = validation.rendered()
        #expect(!validation.hasErrors, "\(text)")
        #expect(
            text.contains(
                "parley.yaml:5:5: warning: check 'slow': timeout 2m is longer than its interval (every 1m); a run that takes that long makes the check skip slots (it never overlaps itself)"),
            "\(text)")
        #expect(text.contains("parley.yaml:5:5: warning: check 'slow': jitter 1m is not shorter than its interval (every 1m)"), "\(text)")
        #expect(
            text.contains("parley.yaml:6:5: warning: check 'cron': timeout 15m is longer than the 10m between two slots of cron \"0,10 * * * *\""),
            "\(text)")
    }

    @Test("the alerts' webhook is checked by the webhook plugin itself, its secret never shown")
    func webhookSettings() async throws {
        let folder = try Self.project(
            """
            monitor:
              alerts:
                webhook: { format: slack, secret: "${secret.HOOK_KEY}", url: "ftp://${secret.HOOK_HOST}/x" }
              checks:
                faq: { flows: health, every: 1m }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let validation = await validate(folder, environment: ["HOOK_HOST": "canary-host-4711", "HOOK_KEY": "canary-key-4711"])
        let text = validation.rendered()
        #expect(validation.hasErrors)
        #expect(text.contains("parley.yaml:5:61: error: webhook: url: expected an http or https URL"), "\(text)")
        #expect(!text.contains("canary-host-4711"), "\(text)")
        #expect(!text.contains("canary-key-4711"), "\(text)")
    }

    @Test("an alerts webhook needing a secret this machine lacks is not a mistake (CI runs the flows without it)")
    func webhookWithoutSecret() async throws {
        let folder = try Self.project(
            """
            monitor:
              alerts: { webhook: { url: "${env.ALERT_URL}", secret: "${secret.HOOK_KEY}" } }
              checks:
                faq: { flows: health, every: 1m }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let validation = await validate(folder)
        #expect(!validation.hasErrors, "\(validation.rendered())")
    }
}

/// A check becomes the run `parley run` would make of the same flows, tags and agent.
@Suite("a check's run request")
struct CheckRunRequestTests {
    @Test("paths resolve against parley.yaml's folder; tags and agent carry over")
    func request() {
        let at = SourceLocation(file: "p", line: 1, column: 1)
        let check = CheckConfig(
            name: "faq", flows: [Located("health", at: at), Located("/abs/x.flow.yaml", at: at)], tags: ["health"], excludeTags: ["slow"],
            agent: Located("demo", at: at), schedule: .every(.seconds(60)), location: at)
        let request = RunRequest(check: check, projectPath: "Flows/parley.yaml")
        #expect(request.paths == ["Flows/health", "/abs/x.flow.yaml"])
        #expect(request.tags == ["health"])
        #expect(request.excludeTags == ["slow"])
        #expect(request.agent == "demo")
        #expect(RunRequest(check: check, projectPath: "parley.yaml").paths == ["health", "/abs/x.flow.yaml"])
    }

    @Test("a check's request plans and validates like parley run of the same flows")
    func plans() async throws {
        let folder = try MonitorValidationTests.project("monitor:\n  checks:\n    faq: { flows: health, tags: [health], every: 1m }\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("parley.yaml").path
        let project = try #require(ProjectParser.parse(path: path).config?.monitor?.checks.first)
        let validation = await Runner().validate(RunRequest(check: project, projectPath: path))
        #expect(!validation.hasErrors, "\(validation.rendered())")
        #expect(validation.flowFiles.map { URL(fileURLWithPath: $0).lastPathComponent } == ["11-health-check.flow.yaml"])
        #expect(validation.projectFiles.count == 1)
    }
}
