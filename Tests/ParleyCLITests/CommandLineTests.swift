import Foundation
import ParleyTesting
import Testing

/// What users expect of any command line: a version, and the debug timeline without editing parley.yaml.
@Suite("parley command line")
struct CommandLineTests {
    let executable = ProjectPaths.product("parley")

    @Test("parley --version prints the version and exits 0")
    func version() async throws {
        let output = try await CommandRunner(executable: executable).run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3, "\(output.stdout)")
    }

    @Test("-v shows every step, user action and agent event although parley.yaml says level: info")
    func verboseShowsTheDebugTimeline() async throws {
        // Fixtures/shards as Flows: its parley.yaml says level: info too, and its agent answers at once.
        let folder = try RunFixtures.fastFlows()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = CommandRunner(executable: executable, directory: folder)
        let quiet = try await runner.run(["run", "Flows/01-order-status.flow.yaml"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(!quiet.stdout.contains("→ send"), "info shows no user actions")
        for flag in [["-v"], ["--log-level", "debug"]] {
            let loud = try await runner.run(["run", "Flows/01-order-status.flow.yaml"] + flag)
            #expect(loud.status == 0, "\(loud.stderr)")
            #expect(loud.stdout.contains("→ send"), "\(flag): \(loud.stdout)")
        }
        let errorsOnly = try await runner.run(["run", "Flows/01-order-status.flow.yaml", "--log-level", "error"])
        #expect(!errorsOnly.stdout.contains("Order status through the lookup tool"), "\(errorsOnly.stdout)")
    }

    @Test("a misspelt --log-level is invalid input (exit 2) with a did-you-mean")
    func badLogLevel() async throws {
        let output = try await CommandRunner(executable: executable).run(["run", "--log-level", "debgu"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("--log-level must be one of error, warning, info, debug; got debgu; did you mean 'debug'?"), "\(output.stderr)")
    }

    @Test("parley validate names the registry's connectors and plugins in its hints")
    func validateNamesTheRegistry() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hints-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "agents:\n  bot: { connector: agiu, url: \"http://x\" }\nplugins:\n  - webhok: { url: \"http://x\" }\n"
            .write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        let output = try await CommandRunner(executable: executable, directory: folder).run(["validate"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("unknown connector 'agiu' (expected one of simulator, agui, polyai, cometchat); did you mean 'agui'?"), "\(output.stderr)")
        #expect(output.stderr.contains("unknown plugin 'webhok' (expected one of log, files, webhook, metrics, exec); did you mean 'webhook'?"), "\(output.stderr)")
    }
}
