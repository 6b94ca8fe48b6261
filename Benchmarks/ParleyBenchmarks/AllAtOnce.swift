import Foundation

/// `parley run FOLDER --repeat N --parallel N --json report.json`: N conversations open at once,
/// the run the memory and PolyAI benchmarks both measure. Its output goes to `run.log` in the folder.
struct AllAtOnce {
    let child: ChildProcess
    let wall: Duration
    /// report.json's flows; empty when the run wrote none.
    let flows: [[String: Any]]
    let folder: URL

    static func run(parley: URL, folder: URL, conversations: Int) throws -> AllAtOnce {
        let report = folder.appendingPathComponent("report.json")
        let started = ContinuousClock.now
        let child = try ChildProcess.run(
            parley.path,
            ["run", folder.path, "--repeat", String(conversations), "--parallel", String(conversations), "--json", report.path],
            output: folder.appendingPathComponent("run.log").path)
        let wall = ContinuousClock.now - started
        let json = (try? JSONSerialization.jsonObject(with: Data(contentsOf: report))) as? [String: Any] ?? [:]
        return AllAtOnce(child: child, wall: wall, flows: json["flows"] as? [[String: Any]] ?? [], folder: folder)
    }

    /// Flows that passed.
    var passed: Int { flows.filter { ($0["outcome"] as? String) == "passed" }.count }

    /// The end of the run's output, for a run that did not exit 0.
    func logTail(_ characters: Int) -> String {
        String(((try? String(contentsOf: folder.appendingPathComponent("run.log"), encoding: .utf8)) ?? "").suffix(characters))
    }
}
