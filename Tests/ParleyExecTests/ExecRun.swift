import Foundation
import Logging
import ParleyCore
import ParleyExec
import ParleyModel
import ParleyTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh folder for an exec plugin's program to run in, and runs of events through a real
/// `PluginHost` to the plugin; the folder goes away with the last reference to it.
final class ExecRun: Sendable {
    /// The plugin's directory: relative commands and the program's working directory.
    let folder: URL

    init() throws {
        folder = try ProjectPaths.temporaryFolder()
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static let fixtures = ProjectPaths.root.appendingPathComponent("Tests/ParleyExecTests/Fixtures")

    /// A plugin running `options` in `folder`.
    func plugin(_ options: ExecPlugin.Options) -> ExecPlugin {
        ExecPlugin(options: options, directory: folder, logger: Logger(label: "parley.exec.test"))
    }

    /// Publishes `events` through a host masking `secrets` to `plugin` and returns the summary the host finished it with.
    static func run(
        _ plugin: ExecPlugin, events: [PluginEvent] = SampleRun.events(), summary: RunSummary = SampleRun.summary(),
        secrets: SecretRegistry = SecretRegistry()
    ) async -> RunSummary {
        await PluginHost.run(plugins: [plugin], secrets: secrets) { host in
            for event in events { await host.publish(event) }
            return summary
        }
    }

    /// The exec plugin's failures in `summary`.
    static func failures(_ summary: RunSummary) -> [String] {
        summary.pluginFailures.filter { $0.hasPrefix("exec: ") }
    }

    /// The lines the plugin writes for `events` and `summary`, each with its newline.
    static func expectedText(events: [PluginEvent] = SampleRun.events(), summary: RunSummary = SampleRun.summary()) -> String {
        var lines = EventLines()
        return (events.map { lines.line(for: $0) } + [EventLines.finished(summary)]).map { $0.serialized() + "\n" }.joined()
    }

    /// One flow run that logs `count` texts of `size` characters: far more than a pipe holds.
    static func chattyEvents(count: Int, size: Int = 1000) -> [PluginEvent] {
        let run = SampleRun.order
        let text = String(repeating: "x", count: size)
        return [PluginEvent(time: .zero, flow: nil, kind: .runStarted([run])), PluginEvent(time: .zero, flow: run, kind: .flowStarted)]
            + (0..<count).map { PluginEvent(time: .milliseconds($0), flow: run, kind: .log(text)) }
    }

    /// The text of a file in the folder.
    func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The process id a program wrote to `name`.
    func pid(_ name: String) throws -> Int32 {
        try #require(Int32(text(name).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// The JSON Schema of event lines, written into the folder.
    func schemaFile() throws -> URL {
        let url = folder.appendingPathComponent("events.schema.json")
        try EventLines.schema().prettyPrinted().write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// True while a process with this id exists (zombies included, which Foundation reaps at once).
    static func exists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
