import Foundation
import ParleyParser

/// `parley-benchmarks validate-scaling`: the same 4,000 steps validated as one file and as 200
/// files of 20 (issue 13, point 7). Validation should cost about the same either way; a cost that
/// grows with the square of a file's length shows up as the one file being far slower.
enum ValidateScaling {
    /// `steps` steps of a support conversation, every one with a `${…}` template to align.
    static func flow(named name: String, steps: Int) -> String {
        var lines = ["flow: \(name)", "vars:", "  order: A-1042", "  customer: Dana", "steps:"]
        for index in 0..<(steps / 2) {
            lines.append("  - send: \"Hi, I am ${customer}. Where is order ${order}? (message \(index))\"")
            lines.append("  - expect: { reply: { contains: \"${order}\" }, within: 5s }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `files` flows of `steps` steps each into a fresh folder; returns the folder.
    static func write(files: Int, steps: Int) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 1...files {
            let file = folder.appendingPathComponent(String(format: "%03d.flow.yaml", index))
            try flow(named: "Flow \(index)", steps: steps).write(to: file, atomically: true, encoding: .utf8)
        }
        return folder.path
    }

    /// This process's CPU time so far (`clock()`, portable where `getrusage`'s types are not).
    static func cpuTime() -> Duration {
        .microseconds(Int64(clock()) * 1_000_000 / Int64(CLOCKS_PER_SEC))
    }

    /// Validates `folder` as `parley validate` does; returns wall and CPU time and the diagnostics' count.
    static func measure(_ folder: String) -> (wall: Duration, cpu: Duration, diagnostics: Int) {
        let cpu = cpuTime()
        let started = ContinuousClock.now
        let report = Validator().validate(paths: [folder])
        return (ContinuousClock.now - started, cpuTime() - cpu, report.diagnostics.count)
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f ms", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }

    /// Prints a table: `runs` rounds of the one big file and the many small ones.
    static func run(runs: Int) throws {
        let big = try write(files: 1, steps: 4000)
        let small = try write(files: 200, steps: 20)
        defer {
            try? FileManager.default.removeItem(atPath: big)
            try? FileManager.default.removeItem(atPath: small)
        }
        print("4,000 steps validated as 1 file and as 200 files of 20 steps (\(runs) rounds):\n")
        print("| files | steps per file | bytes | wall | CPU | diagnostics |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        let bigBytes = flow(named: "Flow 1", steps: 4000).utf8.count
        let smallBytes = (1...200).map { flow(named: "Flow \($0)", steps: 20).utf8.count }.reduce(0, +)
        for _ in 0..<runs {
            for (folder, files, steps, bytes) in [(big, 1, 4000, bigBytes), (small, 200, 20, smallBytes)] {
                let result = measure(folder)
                print("| \(files) | \(steps) | \(bytes) | \(milliseconds(result.wall)) | \(milliseconds(result.cpu)) | \(result.diagnostics) |")
            }
        }
    }
}
