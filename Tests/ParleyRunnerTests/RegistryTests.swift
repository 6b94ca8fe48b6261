import Foundation
import Parley
import ParleySimulator
import ParleyTesting
import Testing

/// The registry is open: a team's connector and plugin are planned, checked, described and run
/// like Parley's own, from Swift, with nothing registered globally.
@Suite struct RegistryTests {
    /// A connector named `mybot` that plays an agent script in-process: the provider is the point,
    /// not the wire.
    static let mybot = ConnectorProvider(
        ProviderDeclaration(
            name: "mybot", summary: "A team's own bot protocol.",
            settings: [
                SettingDeclaration("script", .file, required: true, "The script the bot plays."),
                SettingDeclaration("token", .text, secret: true, header: "X-Bot-Token", "The bot's token."),
            ])
    ) { context in
        guard case .string(let script)? = context.settings["script"] else { throw InvalidInput("needs a script", at: context.location) }
        let parsed = AgentScriptParser.parse(path: context.resolve(script))
        guard let agent = parsed.script else { throw InvalidInput(diagnostics: parsed.diagnostics, sources: [:]) }
        return SimulatorConnector(script: agent)
    }

    static let recorder = RecordingPlugin(name: "audit")
    static let audit = PluginProvider(
        ProviderDeclaration(name: "audit", summary: "Keeps every event.", settings: [SettingDeclaration("label", .text, "A label.")])
    ) { _ in recorder }

    static let registry = Registry.builtIn.adding(mybot).adding(audit)

    /// A project folder using `mybot` with `settings` and the `audit` plugin, and one flow.
    static func project(settings: String, plugin: String = "- audit: { label: nightly }") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("registry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = ProjectPaths.flows.appendingPathComponent("agents/demo-support.agent.yaml").path
        try """
            agents:
              demo:
                connector: mybot
                script: \(script)
            \(settings)
            plugins:
              \(plugin)
            """.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: ProjectPaths.flows.appendingPathComponent("01-order-status.flow.yaml"), to: folder.appendingPathComponent("01.flow.yaml"))
        return folder
    }

    @Test func aCustomConnectorsUnknownSettingIsAnErrorAtItsPlace() async throws {
        let folder = try Self.project(settings: "    tokn: abc")
        defer { try? FileManager.default.removeItem(at: folder) }
        let validation = await Runner(registry: Self.registry).validate(RunRequest(paths: [folder.path]))
        let text = validation.rendered()
        #expect(validation.hasErrors)
        #expect(text.contains("parley.yaml:5:5: error: unknown key 'tokn' in 'mybot' agent; did you mean 'token'?"), "\(text)")
    }

    @Test func aCustomConnectorsRequiredSettingIsChecked() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("registry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "agents:\n  bot: { connector: mybot }\n".write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        let text = await Runner(registry: Self.registry).validate(RunRequest(paths: [folder.path])).rendered()
        #expect(text.contains("parley.yaml:2:8: error: 'mybot' agent needs 'script'"), "\(text)")
    }

    @Test func theBuiltInRegistryDoesNotKnowAnotherRegistrysConnector() async throws {
        let folder = try Self.project(settings: "", plugin: "- log")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = await Runner(registry: .builtIn).validate(RunRequest(paths: [folder.path])).rendered()
        #expect(text.contains("unknown connector 'mybot' (expected one of simulator, agui, polyai, cometchat)"), "\(text)")
        let known = await Runner(registry: Self.registry).validate(RunRequest(paths: [folder.path]))
        #expect(!known.hasErrors, "\(known.rendered())")
    }

    @Test func anUnknownPluginNamesTheRegistrysPlugins() async throws {
        let folder = try Self.project(settings: "", plugin: "- audt")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = await Runner(registry: Self.registry).validate(RunRequest(paths: [folder.path])).rendered()
        #expect(text.contains("unknown plugin 'audt' (expected one of log, files, webhook, metrics, exec, audit); did you mean 'audit'?"), "\(text)")
    }

    @Test func aCustomConnectorAndPluginRunAFlow() async throws {
        let folder = try Self.project(settings: "    token: literal-bot-token")
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = RunRequest(paths: [folder.path])
        request.pluginSettings["log"] = ["level": "error"]
        // The bot plays in-process: on virtual time its latency budget cannot be blown by a loaded machine.
        var runner = Runner(registry: Self.registry)
        runner.clock = ManualClock()
        let outcome = await runner.run(request)
        let summary = try outcome.get()
        #expect(summary.passed == 1, "\(summary)")
        let finished = Self.recorder.summaries.last
        #expect(finished?.passed == 1)
        #expect(Self.recorder.events.contains { if case .flowFinished = $0.kind { return true } else { return false } })
    }

    @Test func theSchemaDescribesACustomConnectorsSettings() throws {
        let schema = SchemaExporter.projectSchema(catalog: Self.registry.catalog).prettyPrinted()
        #expect(schema.contains("\"mybot\""))
        #expect(schema.contains("The bot's token. A secret: masked in every output."))
        #expect(schema.contains("\"audit\""))
    }

    @Test func addingReplacesAProviderOfTheSameName() {
        let replaced = Registry.builtIn.adding(ConnectorProvider(ProviderDeclaration(name: "agui", summary: "mine", settings: [])) { _ in
            throw InvalidInput("unused")
        })
        #expect(replaced.connectors.filter { $0.declaration.name == "agui" }.count == 1)
        #expect(replaced.connector(named: "agui")?.declaration.summary == "mine")
        #expect(Registry.builtIn.connector(named: "agui")?.declaration.summary != "mine")
    }
}
