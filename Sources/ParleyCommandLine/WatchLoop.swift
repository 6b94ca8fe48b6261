import Foundation
import ParleyCore
import ParleyModel
import ParleyParser
import ParleyRunner

/// `parley run --watch`: a first run, then, until the task is cancelled (Ctrl-C), a look at the
/// files the flows read every `interval`, and a rerun of the flows a change touched with one line
/// saying what changed and how the rerun went. Which flows a change touches is `Rerun`'s (pure);
/// this is the polling, the planning and the running around it.
struct WatchLoop {
    var runner: Runner
    /// The command line's request: every rerun plans all of it again (so every check `parley
    /// validate` makes is made again), then runs only the flows the change touched.
    var request: RunRequest
    var clock: any MonotonicClock
    /// How often the files are looked at; a change is acted on once two looks in a row agree.
    var interval: Duration = .milliseconds(400)
    /// How many looks apart the paths are searched for new flow files (every 2 s by default).
    var searchEvery = 5
    /// Writes one line of the watch's own to standard output.
    var say: @Sendable (String) -> Void

    /// What one pass (plan, then run) came to.
    private enum Outcome {
        case ran(RunSummary)
        /// Planning found errors (printed on standard error); nothing ran.
        case invalid(errors: Int)
        /// Nothing to run: the flows the change touched are gone or left out by `--tag`.
        case idle
    }

    /// Runs until cancelled. False when there is nothing to watch: no flow file or parley.yaml
    /// under the paths (invalid input, as without `--watch`).
    func run() async -> Bool {
        var stamps: [String: FileStamp] = [:]
        let (first, outcome) = await pass(nil, stamps: &stamps)
        guard !(first.flowFiles.isEmpty && first.projectFiles.isEmpty) else { return false }
        var inputs = first.inputs
        if case .invalid = outcome { say("nothing ran; fix the files above and the flows run again") }
        say("watching \(stamps.count) \(stamps.count == 1 ? "file" : "files") for changes (Ctrl-C to stop)")
        while let (rerun, now) = await nextChange(after: stamps, inputs: &inputs) {
            stamps = now
            let (validation, outcome) = await pass(rerun, stamps: &stamps)
            inputs = validation.inputs
            switch outcome {
            case .ran(let summary): say(rerun.line(summary))
            case .invalid(let errors): say(rerun.invalidLine(errors: errors))
            case .idle: say(rerun.idleLine)
            }
        }
        return true
    }

    /// Plans the whole request and runs the flows `rerun` selects (all of them on the first pass).
    /// The files planning read are stamped before anything runs, so an edit made during the run is
    /// the next change; files already stamped keep the stamps the change was decided on.
    private func pass(_ rerun: Rerun?, stamps: inout [String: FileStamp]) async -> (Validation, Outcome) {
        let prepared = await runner.prepare(request)
        let validation = prepared.validation
        // What `parley run` prints: the findings (warnings too) before the run's own output.
        if !validation.findings.isEmpty { print(validation.rendered() + "\n", to: &standardError) }
        let watched = validation.inputs.all
        stamps = stamps.filter { watched.contains($0.key) }
        stamps.merge(FileStamp.read(watched.subtracting(stamps.keys))) { known, _ in known }
        guard var run = prepared.run else { return (validation, .invalid(errors: validation.findings.errorCount)) }
        if let rerun { run.flows = run.flows.filter { rerun.selects($0.path) } }
        guard !run.flows.isEmpty else {
            await run.discard()
            return (validation, .idle)
        }
        let summary = await run.start()
        for failure in summary.pluginFailures {
            print("plugin failed: \(failure.escapingControls)", to: &standardError)
        }
        return (validation, .ran(summary))
    }

    /// Waits for the watched files to change and then to stay put for one look (an editor's save
    /// can be several writes): the rerun and the stamps it was decided on; nil once cancelled.
    /// Flow files created under the paths are watched from the look that finds them: the paths are
    /// searched every `searchEvery` looks, since a folder can be large where its flows are few.
    private func nextChange(after stamps: [String: FileStamp], inputs: inout FlowInputs) async -> (Rerun, [String: FileStamp])? {
        var looks = 0
        while true {
            guard await pause() else { return nil }
            looks += 1
            if looks % searchEvery == 0 {
                for file in Validator.files(in: request.paths).flows where inputs.flows[file] == nil {
                    inputs.flows[file] = [file]
                }
            }
            var now = FileStamp.read(inputs.all)
            guard Rerun.after(stamps, now, inputs: inputs) != nil else { continue }
            while true {
                guard await pause() else { return nil }
                let again = FileStamp.read(inputs.all)
                if again == now { break }
                now = again
            }
            // A change undone before it settled is no change.
            if let rerun = Rerun.after(stamps, now, inputs: inputs) { return (rerun, now) }
        }
    }

    /// Sleeps one interval; false once the task is cancelled.
    private func pause() async -> Bool {
        do {
            try await clock.sleep(for: interval)
        } catch {
            return false
        }
        return !Task.isCancelled
    }
}
