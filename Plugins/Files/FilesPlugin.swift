import Foundation
import ParleyCore
import ParleyModel

/// The built-in `files` plugin: JSONL transcripts per flow run, a JSON report and JUnit XML.
///
/// Transcripts stream while flows run (one file per flow run, flushed when it finishes); the
/// reports are written atomically at `finish`, failed and interrupted runs included. docs/reports.md
/// describes every file. Write errors are thrown for the host to isolate and report.
public actor FilesPlugin: Plugin {
    /// `files`.
    public nonisolated let name = "files"
    /// The settings this plugin runs with.
    public nonisolated let options: Options
    /// The folder every output goes to: `dir`, resolved against the base directory.
    public nonisolated let folder: URL

    private var names: TranscriptName
    private var open: [String: TranscriptFile] = [:]
    /// Transcript paths relative to `folder`, by flow run id, for the JSON report.
    private var written: [String: String] = [:]
    /// Readable transcripts of flow runs that are running or failed, by flow run id, for JUnit's `system-out`.
    private var readable: [String: ReadableTranscript] = [:]

    /// Creates the plugin.
    /// - Parameters:
    ///   - options: the parsed settings.
    ///   - baseDirectory: what relative paths in the settings (and in transcript names) are taken
    ///     from; the CLI passes the folder of parley.yaml.
    public init(options: Options, baseDirectory: URL) {
        self.options = options
        folder = Self.resolve(options.dir, against: baseDirectory)
        names = TranscriptName(basePath: baseDirectory.standardizedFileURL.path)
    }

    /// Where the JUnit XML goes, when it is written.
    public nonisolated var junitURL: URL? { options.junit.map { Self.resolve($0, against: folder) } }
    /// Where the JSON report goes, when it is written.
    public nonisolated var jsonURL: URL? { options.json.map { Self.resolve($0, against: folder) } }
    /// The folder transcripts go to.
    public nonisolated var transcriptsFolder: URL {
        options.transcriptsSubfolder.isEmpty ? folder : folder.appendingPathComponent(options.transcriptsSubfolder, isDirectory: true)
    }

    public func handle(_ event: PluginEvent) async throws {
        if options.junit != nil { keepReadable(event) }
        guard options.transcripts else { return }
        guard let run = event.flow else {
            if case .runStarted(let runs) = event.kind { names.repeating = runs.contains { $0.repetition > 1 } }
            return
        }
        switch event.kind {
        case .flowStarted:
            if let stale = open.removeValue(forKey: run.id) { try stale.close() }
        case .flowFinished where open[run.id] == nil:
            return  // skipped before it started (Ctrl-C, --fail-fast): nothing to transcribe
        case .runStarted, .flowFinished, .stepStarted, .userAction, .agentEvent, .stepFinished, .log:
            break
        }
        let file = try open[run.id] ?? start(run, at: event.time)
        try file.append(TranscriptLine.json(for: event, run: run, flowStarted: file.flowStarted).compactText())
        if case .flowFinished = event.kind {
            open[run.id] = nil
            try file.close()
        }
    }

    public func finish(_ summary: RunSummary) async throws {
        var errors: [any Error] = []
        // Flows cut off by Ctrl-C keep what they had.
        for (_, file) in open.sorted(by: { $0.key < $1.key }) {
            do { try file.close() } catch { errors.append(error) }
        }
        open = [:]
        if let url = jsonURL {
            do {
                try AtomicFile.write(JSONReport.json(summary, transcripts: written).prettyPrinted() + "\n", to: url)
            } catch { errors.append(error) }
        }
        if let url = junitURL {
            let transcripts = readable.mapValues(\.text)
            do { try AtomicFile.write(JUnitReport.xml(summary, transcripts: transcripts), to: url) } catch { errors.append(error) }
        }
        if let first = errors.first { throw first }
    }

    /// Follows a flow run's events for JUnit; only a failed run's are kept once it finishes.
    private func keepReadable(_ event: PluginEvent) {
        guard let run = event.flow else { return }
        switch event.kind {
        case .flowStarted:
            readable[run.id] = ReadableTranscript(flowStarted: event.time)
        case .flowFinished(let result):
            guard case .failed = result.outcome else {
                readable[run.id] = nil
                return
            }
        case .runStarted, .stepStarted, .userAction, .agentEvent, .stepFinished, .log:
            readable[run.id]?.add(event)
        }
    }

    private func start(_ run: FlowRun, at time: Duration) throws -> TranscriptFile {
        try AtomicFile.makeFolder(transcriptsFolder)
        let name = names.next(for: run)
        let file = try TranscriptFile(url: transcriptsFolder.appendingPathComponent(name), flowStarted: time)
        open[run.id] = file
        written[run.id] = options.transcriptsSubfolder.isEmpty ? name : options.transcriptsSubfolder + "/" + name
        return file
    }

    private static func resolve(_ path: String, against base: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        return url.standardizedFileURL
    }
}
