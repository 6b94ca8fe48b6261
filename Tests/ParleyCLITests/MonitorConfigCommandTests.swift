import Foundation
import ParleyTesting
import Testing

/// `monitor:` as users meet it: `parley validate` pins its text, and the exported schema agrees
/// with the parser on a good and a bad `monitor:`.
@Suite("monitor: through the parley command")
struct MonitorConfigCommandTests {
    let parley = CommandRunner(executable: ProjectPaths.product("parley"), directory: ProjectPaths.root)

    /// A folder with a parley.yaml holding `monitor`, a simulator agent and one health flow.
    func project(_ monitor: String) throws -> URL {
        let folder = try ProjectPaths.temporaryFolder()
        let script = ProjectPaths.flows.appendingPathComponent("agents/demo-support.agent.yaml").path
        try FileManager.default.copyItem(
            at: ProjectPaths.flows.appendingPathComponent("11-health-check.flow.yaml"), to: folder.appendingPathComponent("health.flow.yaml"))
        try "agents:\n  demo: { connector: simulator, script: \(script) }\n\(monitor)"
            .write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test("validate prints every monitor: problem in one pass, each with its code frame, and exits 2")
    func validateReportsMonitorProblems() async throws {
        let folder = try project(
            """
            monitor:
              concurency: 2
              checks:
                faq: { flows: [helth.flow.yaml], every: 1m, jiter: 5s }
                nightly: { flows: health.flow.yaml, cron: "0 25 * * *" }

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CommandRunner(executable: parley.executable, directory: folder).run(["validate", "."])
        #expect(output.status == 2)
        #expect(
            output.stderr == """
                parley.yaml:4:3: error: unknown key 'concurency' in 'monitor'; did you mean 'concurrency'?
                      concurency: 2
                      ^

                parley.yaml:6:20: error: check 'faq': no such file or folder 'helth.flow.yaml' (paths are relative to parley.yaml's folder)
                        faq: { flows: [helth.flow.yaml], every: 1m, jiter: 5s }
                                       ^

                parley.yaml:6:49: error: unknown key 'jiter' in check 'faq'; did you mean 'jitter'?
                        faq: { flows: [helth.flow.yaml], every: 1m, jiter: 5s }
                                                                    ^

                parley.yaml:7:50: error: check 'nightly': 25 is out of range for the hour field (0–23)
                        nightly: { flows: health.flow.yaml, cron: "0 25 * * *" }
                                                                     ^


                """, "\(output.stderr)")
        #expect(output.stdout == "1 flow file and 1 project file: 4 errors\n")
    }

    @Test("a sound monitor: validates clean; a too-long timeout is a warning that keeps exit 0")
    func validateWarnsOnTimeout() async throws {
        let folder = try project("monitor:\n  checks:\n    faq: { flows: health.flow.yaml, every: 1m, timeout: 5m }\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CommandRunner(executable: parley.executable, directory: folder).run(["validate", "."])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.hasPrefix("parley.yaml:5:5: warning: check 'faq': timeout 5m is longer than its interval (every 1m)"), "\(output.stderr)")
    }

    @Test("the exported schema accepts the documented monitor: and refuses the parser's mistakes")
    func schemaAgreesWithParser() async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let exported = try await parley.run(["schema", "--output-dir", folder.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        let good = folder.appendingPathComponent("good.yaml")
        try """
            agents:
              demo: { connector: simulator, script: demo.agent.yaml }
            monitor:
              listen: "[::1]:0"
              concurrency: 4
              history: { path: .parley/history.sqlite, keep: 30d, keep_runs: 1000 }
              alerts:
                after: 2
                webhook: { url: "${env.ALERT_URL}", format: slack, secret: "${secret.HOOK_KEY}", retries: 3 }
              checks:
                faq: { flows: [11-health-check.flow.yaml], tags: [health], agent: demo, every: 5m, jitter: 10s, timeout: 1m }
                nightly: { flows: smoke, cron: "0 3 * * MON-FRI" }

            """.write(to: good, atomically: true, encoding: .utf8)
        let bad = folder.appendingPathComponent("bad.yaml")
        try """
            monitor:
              concurrancy: 2
              alerts: { webhook: { url: "http://127.0.0.1:9/", on: [failure] } }
              checks:
                both: { flows: a, every: 1m, cron: "* * * * *" }
                none: { flows: a }

            """.write(to: bad, atomically: true, encoding: .utf8)
        let checker = PythonTool.script(ProjectPaths.root.appendingPathComponent("scripts/check_schema.py"), directory: ProjectPaths.root)
        let schema = folder.appendingPathComponent("parley.schema.json").path
        let accepted = try await checker.run([schema, good.path])
        #expect(accepted.status == 0, "\(accepted.stdout)\(accepted.stderr)")
        let refused = try await checker.run([schema, bad.path])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("at monitor: Additional properties are not allowed ('concurrancy' was unexpected)"), "\(refused.stdout)")
        #expect(refused.stdout.contains("at monitor/alerts/webhook: Additional properties are not allowed ('on' was unexpected)"))
        #expect(refused.stdout.contains("at monitor/checks/both:"))
        #expect(refused.stdout.contains("at monitor/checks/none:"))
    }
}
