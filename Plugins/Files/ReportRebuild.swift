import Foundation
import ParleyCore
import ParleyModel

/// `parley report`: JSON reports (the shards of one run, say) read back with their transcripts,
/// merged into one run, and written again as JUnit, JSON and HTML, the same writers a live run uses.
public struct ReportRebuild: Sendable {
    /// The merged run.
    public var summary: RunSummary
    /// Each flow run's transcript file, by flow run id.
    public var transcriptFiles: [String: URL] = [:]
    /// Each flow run's transcript lines, by flow run id.
    public var lines: [String: [JSONValue]] = [:]
    /// What was missing or cut short: a transcript named by a report that is not there, say.
    public var problems: [String] = []

    /// Why the reports could not be read; nothing is written then.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Reads `reports` in order, with the transcripts they name (relative to each report's folder).
    public static func read(_ reports: [URL]) throws(Failure) -> ReportRebuild {
        var parts: [RunSummary] = []
        var rebuild = ReportRebuild(summary: RunSummary(results: [], startedAt: Date(), duration: .zero))
        var owner: [String: String] = [:]
        for url in reports {
            let report = try readReport(url)
            for result in report.summary.results {
                if let first = owner[result.run.id] {
                    throw Failure(description: "flow run '\(result.run.id)' is in both \(first) and \(url.path); give each shard's report once")
                }
                owner[result.run.id] = url.path
            }
            let folder = url.deletingLastPathComponent()
            for (id, path) in report.transcripts.sorted(by: { $0.key < $1.key }) {
                let file = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path).standardizedFileURL
                rebuild.transcriptFiles[id] = file
                do {
                    rebuild.lines[id] = try TranscriptReader.lines(of: file)
                } catch {
                    rebuild.problems.append("\(url.path): flow run '\(id)': \(error)")
                }
            }
            parts.append(report.summary)
        }
        rebuild.summary = RunSummary.merged(parts)
        return rebuild
    }

    private static func readReport(_ url: URL) throws(Failure) -> ReportReader.Report {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw Failure(description: "cannot read \(url.path): \(FilesPluginError.reason(error))")
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: data)
        } catch {
            throw Failure(description: "\(url.path) is not JSON: \(error)")
        }
        do {
            return try ReportReader.read(document)
        } catch {
            throw Failure(description: "\(url.path) is not a parley JSON report: \(error)")
        }
    }

    /// Writes the reports asked for; returns one line for each file not written.
    public func write(junit: URL?, json: URL?, html: URL?) -> [String] {
        var failures: [String] = []
        func save(_ text: String, _ url: URL) {
            do {
                try AtomicFile.write(text, to: url)
            } catch {
                failures.append("cannot write \(url.path): \(FilesPluginError.reason(error))")
            }
        }
        if let junit {
            var readable: [String: String] = [:]
            for result in summary.results {
                guard case .failed = result.outcome, let lines = lines[result.run.id] else { continue }
                var transcript = ReadableTranscript()
                for line in lines { transcript.add(line) }
                readable[result.run.id] = transcript.text
            }
            save(JUnitReport.xml(summary, transcripts: readable), junit)
        }
        if let html { save(HTMLReport.html(summary, transcripts: lines), html) }
        if let json {
            let folder = json.deletingLastPathComponent().standardizedFileURL
            let paths = transcriptFiles.filter { lines[$0.key] != nil }.mapValues { RelativePath.of($0, from: folder) }
            save(JSONReport.json(summary, transcripts: paths).prettyPrinted() + "\n", json)
        }
        return failures
    }
}
