import Foundation
import Logging
import ParleyCore
import ParleyModel
import ParleyParser
import ParleyRunner
import ParleyServer
import ParleySimulator
import ParleyTesting

/// The PolyAI connector created in this process, run by the runner against a `PolyAIServer` in
/// this process on 127.0.0.1: the binary's resilience tests (ParleyCLITests/PolyAIResilienceTests)
/// at unit size, with no process started. The flows and the agent script are the CLI tests' own
/// (`Fixtures/polyai`), copied to a temporary folder so the reports they write go there.
struct LivePolyAI {
    /// What one run gave: the summary, the folder of the copy, and what the server logged.
    struct Run {
        let summary: RunSummary
        let project: URL
        let log: [String]

        /// Removes the temporary copy the run wrote its reports into.
        func remove() {
            try? FileManager.default.removeItem(at: project.deletingLastPathComponent())
        }

        /// The failure message of the flow whose file name starts with `flow`, or nil.
        func failure(_ flow: String) -> String? {
            for result in summary.results where result.run.path.split(separator: "/").last?.hasPrefix(flow) == true {
                if case .failed(let failure) = result.outcome { return failure.message }
            }
            return nil
        }

        /// How many replies whose text is `text` the transcript of `flow` holds.
        func replies(_ text: String, flow: String) throws -> Int {
            let folder = project.appendingPathComponent("reports/transcripts")
            guard let name = try FileManager.default.contentsOfDirectory(atPath: folder.path).first(where: { $0.contains(flow) }) else {
                return 0
            }
            let transcript = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            return transcript.split(separator: "\n").filter { $0.contains(#""kind": "reply""#) && $0.contains(#""text": "\#(text)""#) }.count
        }
    }

    static let fixtures = ProjectPaths.root.appendingPathComponent("Tests/ParleyCLITests/Fixtures/polyai")

    /// Serves the resilience agent with `options` and runs `folder`'s flows through the runner,
    /// eight at a time, as `parley run FOLDER --parallel 8` does; with `flows`, only those files
    /// of the folder. The caller removes the copy (`Run.remove()`) once it has read the reports.
    static func run(
        _ folder: String, flows: [String]? = nil, options: PolyAIServerOptions = PolyAIServerOptions(),
        environment: [String: String] = [:]
    ) async throws -> Run {
        let copy = try ProjectPaths.temporaryFolder()
        let project = copy.appendingPathComponent("polyai")
        try FileManager.default.copyItem(at: fixtures, to: project)
        try? FileManager.default.removeItem(at: project.appendingPathComponent("reports"))
        let log = LogLines()
        let logger = Logger(label: "parley.test.polyai-server") { _ in log }
        var serverLogger = logger
        serverLogger.logLevel = .debug
        let server = try PolyAIServer(
            scriptPath: project.appendingPathComponent("resilience.agent.yaml").path, logger: serverLogger, options: options)
        let summary = try await server.withListening { url in
            let base = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
            let variables = ProcessInfo.processInfo.environment.merging(
                ["POLY_REST": base + "/api/v1", "POLY_WS": "ws" + base.dropFirst("http".count) + "/ws"].merging(environment) { $1 }) { $1 }
            let folderURL = project.appendingPathComponent(folder)
            var request = RunRequest(paths: flows.map { $0.map { folderURL.appendingPathComponent($0).path } } ?? [folderURL.path])
            request.parallel = 8
            request.pluginSettings["log"] = ["level": "error"]
            return try await Runner(environment: ProcessEnvironment(variables: variables)).run(request).get()
        }
        return Run(summary: summary, project: project, log: log.lines)
    }
}
