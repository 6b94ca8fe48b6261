import Foundation
import ParleyCore
import ParleyModel

/// The built-in `files` plugin: JSONL transcripts per flow run, a JSON report, JUnit XML and an HTML report.
///
/// Transcripts stream while flows run (one file per flow run, flushed when it finishes); the
/// reports are written atomically at `finish`, failed and interrupted runs included. docs/reports.md
/// describes every file. A file that cannot be written does not stop the others: `finish` writes
/// every report it can, then throws one error naming each file not written in full.
///
/// Opening, writing and closing files may block (a slow disk, a path that is a FIFO nobody reads),
/// so those calls run on a `DedicatedThread`, never on the executor that runs the flows.
public actor FilesPlugin: Plugin {
    /// `files`.
    public nonisolated let name = "files"
    /// The settings this plugin runs with.
    public nonisolated let options: Options
    /// The folder every output goes to: `dir`, resolved against the base directory.
    public nonisolated let folder: URL

    private var names: TranscriptName
    private var open: [String: TranscriptFile] = [:]
    /// Transcript files by flow run id, for the JSON report.
    private var written: [String: URL] = [:]
    /// Readable transcripts of flow runs that are running or failed, by flow run id, for JUnit's `system-out`.
    private var readable: [String: ReadableTranscript] = [:]
    /// Each flow run's transcript lines, by flow run id, for the HTML report.
    private var pages: [String: [JSONValue]] = [:]
    /// When each running flow run started, from the suite's start: what its lines' `time` counts from.
    private var flowStarts: [String: Duration] = [:]
    /// Flow runs whose current attempt's transcript could not be made.
    private var unwritable: Set<String> = []
    /// Every file not written in full so far, in the order it happened.
    private var failures: [FilesPluginError] = []

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
    /// Where the HTML report goes, when it is written.
    public nonisolated var htmlURL: URL? { options.html.map { Self.resolve($0, against: folder) } }
    /// Where the JSON report goes, when it is written.
    public nonisolated var jsonURL: URL? { options.json.map { Self.resolve($0, against: folder) } }
    /// The folder transcripts go to.
    public nonisolated var transcriptsFolder: URL {
        options.transcriptsSubfolder.isEmpty ? folder : Self.resolve(options.transcriptsSubfolder, against: folder)
    }

    public func handle(_ event: PluginEvent) async throws {
        guard let run = event.flow else {
            if case .runStarted(let runs) = event.kind { names.repeating = runs.contains { $0.repetition > 1 } }
            return
        }
        if case .flowStarted = event.kind { flowStarts[run.id] = event.time }
        // One JSON line serves the transcript file, JUnit's readable transcript and the HTML report.
        let line = TranscriptLine.json(for: event, run: run, flowStarted: flowStarts[run.id] ?? event.time)
        if options.junit != nil { keepReadable(event, line) }
        if options.html != nil { keepForPage(event, line) }
        if case .flowFinished = event.kind { flowStarts[run.id] = nil }
        guard options.transcripts else { return }
        switch event.kind {
        case .flowStarted:
            if let stale = open.removeValue(forKey: run.id) { note(await DedicatedThread.run { stale.close() }) }
            unwritable.remove(run.id)  // a retry is a file of its own, tried afresh
        case .flowFinished where open[run.id] == nil:
            return  // skipped before it started (Ctrl-C, --fail-fast), or its file could not be made
        case .runStarted, .flowFinished, .stepStarted, .userAction, .agentEvent, .stepFinished, .log:
            break
        }
        var opened = open[run.id]
        if opened == nil { opened = await start(run, at: event.time) }
        guard let file = opened else { return }
        let text = line.compactText()
        if file.flushes(appending: text) {
            note(await DedicatedThread.run { file.append(text) })
        } else {
            note(file.append(text))
        }
        if case .flowFinished = event.kind {
            open[run.id] = nil
            note(await DedicatedThread.run { file.close() })
        }
    }

    /// Writes the reports, then throws one error naming every file not written in full, transcripts
    /// included: a full disk or a read-only folder is reported file by file, not just its first.
    public func finish(_ summary: RunSummary) async throws {
        // Flows cut off by Ctrl-C keep what they had.
        let cutOff = open.sorted(by: { $0.key < $1.key }).map(\.value)
        open = [:]
        failures += await DedicatedThread.run { cutOff.compactMap { $0.close() } }
        // Each report lists the files that failed before it; report.json comes last so it lists the most.
        if let url = junitURL {
            note(await Self.write(JUnitReport.xml(withFailures(summary), transcripts: readable.mapValues(\.text)), to: url))
        }
        if let url = htmlURL {
            note(await Self.write(HTMLReport.html(withFailures(summary), transcripts: pages), to: url))
        }
        if let url = jsonURL {
            // Transcripts are named from the report's own folder, where `parley report` looks for them.
            let folder = url.deletingLastPathComponent()
            let transcripts = written.mapValues { RelativePath.of($0, from: folder) }
            note(await Self.write(JSONReport.json(withFailures(summary), transcripts: transcripts).prettyPrinted() + "\n", to: url))
        }
        if !failures.isEmpty { throw FilesPluginError.notWritten(failures) }
    }

    /// Follows a flow run's events for JUnit; only a failed run's are kept once it finishes.
    private func keepReadable(_ event: PluginEvent, _ line: JSONValue) {
        guard let run = event.flow else { return }
        switch event.kind {
        case .flowStarted:
            readable[run.id] = ReadableTranscript()
        case .flowFinished(let result):
            guard case .failed = result.outcome else {
                readable[run.id] = nil
                return
            }
        case .runStarted, .stepStarted, .userAction, .agentEvent, .stepFinished, .log:
            readable[run.id]?.add(line)
        }
    }

    /// Keeps every flow run's transcript lines for the HTML report; a retry starts its run's afresh.
    private func keepForPage(_ event: PluginEvent, _ line: JSONValue) {
        guard let run = event.flow else { return }
        if case .flowStarted = event.kind { pages[run.id] = [] }
        pages[run.id, default: []].append(line)
    }

    /// Opens `run`'s transcript; nil when it cannot be made, which is noted, and the run is not
    /// tried again: its lines are lost, and said to be.
    private func start(_ run: FlowRun, at time: Duration) async -> TranscriptFile? {
        guard !unwritable.contains(run.id) else { return nil }
        let name = names.next(for: run)
        let folder = transcriptsFolder
        let url = folder.appendingPathComponent(name)
        let made = await DedicatedThread.run { () -> Result<TranscriptFile, FilesPluginError> in
            Result { () throws(FilesPluginError) in
                do throws(FilesPluginError) {
                    try AtomicFile.makeFolder(folder)
                } catch {
                    throw FilesPluginError.cannotWrite(url.path, folder: error)
                }
                return try TranscriptFile(url: url, flowStarted: time)
            }
        }
        switch made {
        case .success(let file):
            open[run.id] = file
            written[run.id] = url
            return file
        case .failure(let error):
            unwritable.insert(run.id)
            failures.append(error)
            return nil
        }
    }

    /// A transcript that stopped short, kept for `finish` to report with the rest.
    private func note(_ failure: FilesPluginError?) {
        if let failure { failures.append(failure) }
    }

    /// `summary` with this plugin's failures so far, for the reports it writes.
    private func withFailures(_ summary: RunSummary) -> RunSummary {
        var summary = summary
        summary.pluginFailures += failures.map { "\(name): \($0)" }
        return summary
    }

    /// Writes a report on a thread of its own; the error naming it when it is not written.
    private static func write(_ text: String, to url: URL) async -> FilesPluginError? {
        await DedicatedThread.run {
            do {
                try AtomicFile.write(text, to: url)
                return nil
            } catch {
                return writeError(error, url)
            }
        }
    }

    /// The error for a report not written, naming it.
    private static func writeError(_ error: any Error, _ url: URL) -> FilesPluginError {
        error as? FilesPluginError ?? .cannotWrite(url.path, error)
    }

    private static func resolve(_ path: String, against base: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        return url.standardizedFileURL
    }
}
