import Foundation
import ParleyTesting
import Testing

/// `parley validate` checks everything `parley run` checks, in one pass: on a broken project both
/// exit 2 with the same message, on a good one both exit 0.
@Suite("validate and run agree")
struct PlanningTests {
    let executable = ProjectPaths.product("parley")

    /// A project under `Fixtures/broken/` with one mistake, and what both commands must say.
    struct Broken: Sendable, CustomTestStringConvertible {
        var folder: String
        /// `file:line:column` inside the folder.
        var location: String
        var message: String
        var testDescription: String { folder }
        var rendered: String { "\(location): error: \(message)" }
    }

    static let broken: [Broken] = [
        Broken(
            folder: "unknown-plugin", location: "parley.yaml:5:5",
            message: "unknown plugin 'logg' (expected one of log, files, webhook, metrics, exec); did you mean 'log'?"),
        Broken(
            folder: "bad-metrics-setting", location: "parley.yaml:5:5",
            message: #"metrics: file: expected a path ending in .prom (node_exporter reads no other); got "out.txt""#),
        Broken(folder: "bad-plugin-setting", location: "parley.yaml:5:5", message: #"log: level must be one of error, warning, info, debug; got "loud""#),
        Broken(folder: "unknown-agent", location: "check.flow.yaml:2:8", message: "unknown agent 'ecoh' (parley.yaml defines echo); did you mean 'echo'?"),
        Broken(folder: "connector-cannot-click", location: "check.flow.yaml:4:5", message: "the polyai connector of agent 'poly' cannot perform `click`"),
        Broken(
            folder: "missing-serve-script", location: "parley.yaml:2:9",
            message: "agent 'poly': `serve` script 'agents/missing.agent.yaml' not found (looked for agents/missing.agent.yaml)"),
        Broken(folder: "bad-csv", location: "orders.csv:3:1", message: "row 2 of 'orders.csv' has 1 cell but the header has 2; missing 'status'"),
        Broken(folder: "unset-secret", location: "parley.yaml:5:31", message: "secret PARLEY_UNSET_SECRET is not set"),
    ]

    @Test("a broken project: validate and run both exit 2 with the same message", arguments: broken)
    func brokenProject(_ case: Broken) async throws {
        let copy = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: copy) }
        let folder = copy.appendingPathComponent("Fixtures/broken/\(`case`.folder)")
        let parley = CommandRunner(executable: executable, directory: folder)
        let validate = try await parley.run(["validate", "."])
        let run = try await parley.run(["run", "."])
        #expect(validate.status == 2, "validate stdout: \(validate.stdout)\nstderr: \(validate.stderr)")
        #expect(validate.stderr.contains(`case`.rendered), "validate stderr: \(validate.stderr)")
        #expect(run.status == 2, "run stdout: \(run.stdout)\nstderr: \(run.stderr)")
        #expect(run.stderr == validate.stderr, "run printed something else than validate")
        #expect(run.stdout.isEmpty, "nothing ran")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("reports").path))
    }

    @Test("the examples in Flows/: validate and run both exit 0")
    func goodProject() async throws {
        // `parley validate Flows`, then `parley run Flows --parallel 8`, in a copy: run once for this
        // test and RunCommandTests'.
        let examples = try await ExamplesRun.shared.value
        let validate = examples.validate
        #expect(validate.status == 0, "stderr: \(validate.stderr)")
        #expect(validate.stderr.isEmpty)
        let run = examples.run
        #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        #expect(run.stderr.isEmpty)
    }

    @Test("every problem of every project is reported in one pass")
    func onePass() async throws {
        let copy = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: copy) }
        let broken = copy.appendingPathComponent("Fixtures/broken")
        let output = try await CommandRunner(executable: executable, directory: broken).run(["validate", "."])
        #expect(output.status == 2)
        for expected in Self.broken {
            #expect(output.stderr.contains("\(expected.folder)/\(expected.location): error: "), "missing: \(expected.folder)")
        }
        #expect(output.stdout.hasPrefix("8 flow files and 8 project files: "))
    }

    @Test("*.flow.yml files are found and run like *.flow.yaml")
    func ymlFlows() async throws {
        let copy = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: copy) }
        let project = copy.appendingPathComponent("Fixtures/failing")
        try FileManager.default.moveItem(
            at: project.appendingPathComponent("05-passes.flow.yaml"), to: project.appendingPathComponent("05-passes.flow.yml"))
        let parley = CommandRunner(executable: executable, directory: project)
        let validate = try await parley.run(["validate", "."])
        #expect(validate.stdout.hasPrefix("5 flow files and 1 project file"), "\(validate.stdout)")
        let run = try await parley.run(["run", "."])
        #expect(run.status == 1)
        #expect(run.stdout.contains("5 flows: 1 passed, 0 flaky, 4 failed, 0 skipped in "), "\(run.stdout)")
        #expect(run.stdout.contains("A flow that passes beside the failing ones"))
    }

    @Test("a --var no flow uses is a warning, with the closest name; an empty one a flow sends is an error")
    func unusedVariable() async throws {
        let copy = try RunFixtures.copy(examples: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        let parley = CommandRunner(executable: executable, directory: copy)
        let warned = try await parley.run(["validate", "Flows", "--var", "ordr=A-1"])
        #expect(warned.status == 0, "stderr: \(warned.stderr)")
        #expect(warned.stderr == "warning: --var ordr: no flow here uses '${ordr}'; did you mean 'order'?\n\n")
        let run = try await parley.run(["run", "Flows/01-order-status.flow.yaml", "--var", "ordr=A-1"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("warning: --var ordr: no flow here uses '${ordr}'"))
        let empty = try await parley.run(["validate", "Flows", "--var", "order="])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("error: --var order is empty, but Flows/"), "\(empty.stderr)")
        let emptyRun = try await parley.run(["run", "Flows", "--var", "order="])
        #expect(emptyRun.status == 2)
        #expect(emptyRun.stderr == empty.stderr)
    }

    @Test("a flow name with ${column} is filled per data row; an empty value reaching send fails the step")
    func namesAndEmptyValues() async throws {
        let copy = try RunFixtures.copy()
        defer { try? FileManager.default.removeItem(at: copy) }
        let project = copy.appendingPathComponent("Fixtures/failing")
        try "order\nA-7\nB-9\n".write(to: project.appendingPathComponent("orders.csv"), atomically: true, encoding: .utf8)
        try """
            flow: "Order ${order}"
            data: orders.csv
            steps:
              - send: "Where is order ${order}?"
              - expect: { reply: { contains: "${order}" } }
            """.write(to: project.appendingPathComponent("06-named.flow.yaml"), atomically: true, encoding: .utf8)
        try """
            flow: An empty environment variable
            steps:
              - send: "Order ${env.PARLEY_EMPTY}"
            """.write(to: project.appendingPathComponent("07-empty.flow.yaml"), atomically: true, encoding: .utf8)
        let parley = CommandRunner(executable: executable, directory: project, environment: ["PARLEY_EMPTY": ""])
        let run = try await parley.run(["run", "06-named.flow.yaml", "07-empty.flow.yaml"])
        #expect(run.status == 1, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("Order A-7"), "\(run.stdout)")
        #expect(run.stdout.contains("Order B-9"))
        #expect(!run.stdout.contains("Order ${order}"))
        #expect(run.stdout.contains("07-empty.flow.yaml:3:18: environment variable PARLEY_EMPTY is empty; an empty value is never sent or matched"), "\(run.stdout)")
    }

    @Test("a setting's own error that quotes a rendered secret is masked in what validate and run print")
    func planningMasksSecrets() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-plan-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            agents:
              api: { connector: agui, url: "ftp://user:${secret.PLAN_CANARY}@example.com/agent" }
            defaults: { agent: api }
            """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        try "flow: a\nsteps:\n  - send: hi\n".write(to: folder.appendingPathComponent("a.flow.yaml"), atomically: true, encoding: .utf8)
        let canary = "plan-canary-\(UUID().uuidString.prefix(8))"
        let parley = CommandRunner(executable: executable, directory: folder, environment: ["PLAN_CANARY": canary])
        for command in ["validate", "run"] {
            let output = try await parley.run([command, "."])
            #expect(output.status == 2, "\(command): \(output.stderr)")
            #expect(output.stderr.contains("ftp://user:***@example.com/agent"), "\(command): \(output.stderr)")
            #expect(!(output.stdout + output.stderr).contains(canary), "\(command) printed the secret")
        }
    }
}
