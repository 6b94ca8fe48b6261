import Foundation
import ParleyModel
import ParleyParser
import ParleyTesting
import Testing

/// Mutated copies of the files in Flows/ go through the full parse and validation that `parley
/// validate` does (issue 13, points 6 and 7). The seed is fixed, so every run draws the same cases
/// and a failure names one to replay. A crash kills the test process; a hang is caught by a
/// watchdog that fails the test naming the case that did not finish.
@Suite("fuzzing the example flows")
struct FuzzTests {
    static let seed: UInt64 = 0x5EED_0013
    static let cases = 600
    /// A case slower than this is a hang in the making (the slowest is a few milliseconds).
    static let slowestAllowed: Duration = .seconds(5)
    /// The whole run, generous for a loaded two-core machine.
    static let deadline: Duration = .seconds(120)

    /// One drawn case, for messages: which file, which mutation, which number.
    struct Case: Sendable, CustomStringConvertible {
        var number: Int
        var file: String
        var mutation: YAMLMutation
        var description: String { "case \(number) (\(mutation.rawValue) of \(file), seed \(FuzzTests.seed))" }
    }

    /// What the worker thread reports: the case it is on, the slowest finished one, and whether it is done.
    final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var current: Case?
        private var slowest: (Case, Duration)?
        private var finished = 0
        private var done = false

        func start(_ fuzzCase: Case) { lock.withLock { current = fuzzCase } }
        func finish(_ fuzzCase: Case, took: Duration) {
            lock.withLock {
                finished += 1
                if slowest.map({ took > $0.1 }) ?? true { slowest = (fuzzCase, took) }
            }
        }
        func end() { lock.withLock { done = true } }
        var snapshot: (current: Case?, slowest: (Case, Duration)?, finished: Int, done: Bool) {
            lock.withLock { (current, slowest, finished, done) }
        }
    }

    @Test("600 seeded mutations of Flows/ validate without a crash or a hang", .timeLimit(.minutes(5)))
    func fuzz() async throws {
        // A copy of Flows/, so includes, data files and parley.yaml resolve as they do for users.
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("Flows")
        try FileManager.default.copyItem(at: ProjectPaths.flows, to: copy)
        let names = (FileManager.default.enumerator(atPath: copy.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".yaml") && !$0.hasPrefix("agents/") }.sorted()
        try #require(names.count >= 20)
        let originals = try names.map { try [UInt8](Data(contentsOf: copy.appendingPathComponent($0))) }

        let progress = Progress()
        let verbose = ProcessInfo.processInfo.environment["PARLEY_FUZZ_VERBOSE"] != nil
        // Its own thread with a 512 KiB stack, the size of a secondary thread on macOS: deep
        // nesting must be refused before it can overflow a stack that small.
        let worker = Thread {
            var generator = SeededGenerator(seed: Self.seed)
            for number in 0..<Self.cases {
                let index = Int.random(in: 0..<names.count, using: &generator)
                let mutation = YAMLMutation.allCases.randomElement(using: &generator) ?? .byteFlips
                let fuzzCase = Case(number: number, file: names[index], mutation: mutation)
                let bytes = mutation.apply(to: originals[index], using: &generator)
                let path = copy.appendingPathComponent(names[index]).path
                progress.start(fuzzCase)
                // PARLEY_FUZZ_VERBOSE=1 names each case before it runs, to find the one that crashed.
                if verbose { FileHandle.standardError.write(Data("\(fuzzCase)\n".utf8)) }
                let started = ContinuousClock.now
                Self.check(bytes, at: path)
                progress.finish(fuzzCase, took: ContinuousClock.now - started)
                FileManager.default.createFile(atPath: path, contents: Data(originals[index]))
            }
            progress.end()
        }
        worker.stackSize = 512 * 1024
        worker.start()

        let started = ContinuousClock.now
        while !progress.snapshot.done {
            if ContinuousClock.now - started > Self.deadline {
                let state = progress.snapshot
                Issue.record("no verdict after \(Self.deadline): \(state.finished) cases done, stuck on \(state.current.map(String.init(describing:)) ?? "none")")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let state = progress.snapshot
        #expect(state.finished == Self.cases)
        if let (slowest, took) = state.slowest {
            #expect(took < Self.slowestAllowed, "the slowest was \(slowest), \(took)")
        }
    }

    /// The mutated file through what `parley validate` does: the loader (from disk, so invalid
    /// UTF-8 is seen as users would), the flow or project parser, and the validator; then the same
    /// text decoded leniently, so invalid bytes do not stop the parser from seeing the rest.
    static func check(_ bytes: [UInt8], at path: String) {
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let lenient = String(decoding: bytes, as: UTF8.self)
        if path.hasSuffix("parley.yaml") {
            _ = ProjectParser.parse(path: path)
            _ = YAMLLoader().load(text: lenient, path: path)
        } else {
            _ = Validator().validate(paths: [path]).rendered()
            _ = FlowParser().parse(text: lenient, path: path)
        }
    }
}
