import Foundation
import GRDB
import ParleyModel
import ParleyMonitor
import ParleyTesting
import Synchronization
import Testing

/// The history against a real SQLite file in a temporary folder: restarts are reopenings.
@Suite("HistoryStore")
struct HistoryStoreTests {
    /// A wall clock the test sets.
    final class WallClock: Sendable {
        private let reading: Mutex<Date>
        init(_ date: Date) { reading = Mutex(date) }
        var now: Date { reading.withLock { $0 } }
        func set(_ date: Date) { reading.withLock { $0 = date } }
        var read: @Sendable () -> Date { { [self] in now } }
    }

    static let noon = Date(timeIntervalSince1970: 1_795_000_000)

    static func record(
        _ check: String, id: String = UUID().uuidString, at date: Date, outcome: CheckOutcome = .passed, duration: Duration = .milliseconds(1250)
    ) -> CheckRecord {
        CheckRecord(id: id, check: check, startedAt: date, duration: duration, outcome: outcome, flows: 1, passedFlows: outcome == .passed ? 1 : 0)
    }

    static func start(_ date: Date) -> CheckStart { CheckStart(date: date, reading: .zero) }

    func withFolder(_ body: (String) async throws -> Void) async throws {
        let folder = try ProjectPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder that does not exist yet: the store makes it.
        try await body(folder.appendingPathComponent("state/history.sqlite").path)
    }

    @Test("a finished run reads back whole after a restart, in WAL mode")
    func survivesRestart() async throws {
        try await withFolder { path in
            let failed = CheckRecord(
                id: "run-1", check: "faq", startedAt: Self.noon, duration: .nanoseconds(1_234_567_891), outcome: .failed, flows: 2,
                passedFlows: 1, message: "Flows/faq.flow.yaml:7:5: expected a reply containing \"hours\"",
                turns: [[.firstToken: .milliseconds(120), .replyComplete: .milliseconds(480)], [.runFinished: .nanoseconds(999)]],
                transcript: "{\"kind\":\"send\",\"text\":\"hi\"}\n")
            let store = try HistoryStore.open(path: path)
            await store.checkStarted("faq", id: "run-1", at: Self.start(Self.noon))
            await store.checkFinished(failed)
            try store.close()

            let reopened = try HistoryStore.open(path: path)
            #expect(reopened.interruptedOnOpen == 0)
            #expect(try await reopened.recent(check: "faq", limit: 10) == [failed])
            #expect(try await reopened.recent(check: "other", limit: 10) == [])
            let mode = try await DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
            #expect(mode == "wal")
            try reopened.close()
        }
    }

    @Test("a run left running by a crash is recorded as interrupted when the history is opened again")
    func leftRunningBecomesInterrupted() async throws {
        try await withFolder { path in
            let clock = WallClock(Self.noon)
            let store = try HistoryStore.open(path: path, date: clock.read)
            await store.checkStarted("faq", id: "done", at: Self.start(Self.noon))
            await store.checkFinished(Self.record("faq", id: "done", at: Self.noon))
            await store.checkStarted("faq", id: "crashed", at: Self.start(Self.noon.addingTimeInterval(60)))
            // The crash: the process goes away with the row still running.
            try store.close()

            // A reader (parley history beside the monitor) sees it running and changes nothing.
            let reader = try HistoryReader(path: path)
            let seen = try await reader.entries(check: "faq", limit: 10)
            #expect(seen.map(\.id) == ["crashed", "done"])
            #expect(seen.first == .running(RunningCheck(id: "crashed", check: "faq", startedAt: Self.noon.addingTimeInterval(60))))

            let reopened = try HistoryStore.open(path: path, date: clock.read)
            #expect(reopened.interruptedOnOpen == 1)
            let records = try await reopened.recent(check: "faq", limit: 10)
            #expect(records.map(\.id) == ["crashed", "done"])
            #expect(records.map(\.outcome) == [.interrupted, .passed])
            #expect(records.first?.message == HistoryStore.leftRunningMessage)
            #expect(records.first?.startedAt == Self.noon.addingTimeInterval(60))
            try reopened.close()
            #expect(try HistoryStore.open(path: path).interruptedOnOpen == 0)
        }
    }

    @Test("what a killed process leaves on disk (the files copied while the store is open) reopens with the run interrupted")
    func killedProcess() async throws {
        try await withFolder { path in
            let store = try HistoryStore.open(path: path)
            await store.checkFinished(Self.record("faq", id: "done", at: Self.noon))
            await store.checkStarted("faq", id: "in-flight", at: Self.start(Self.noon.addingTimeInterval(60)))
            // No close, no checkpoint: the rows may live only in the write-ahead log, as after kill -9.
            let crashed = (path as NSString).deletingLastPathComponent + "/crashed.sqlite"
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed + suffix)
            }
            let reopened = try HistoryStore.open(path: crashed)
            #expect(reopened.interruptedOnOpen == 1)
            #expect(try await reopened.recent(limit: 10).map(\.outcome) == [.interrupted, .passed])
            try reopened.close()
            try store.close()
        }
    }

    @Test("a run finished from a cancelled task (SIGTERM: the monitor records its running checks as it stops) is recorded")
    func recordsWhileCancelled() async throws {
        try await withFolder { path in
            let store = try HistoryStore.open(path: path)
            await store.checkStarted("faq", id: "stopped", at: Self.start(Self.noon))
            let stopping = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                #expect(Task.isCancelled)
                await store.checkFinished(Self.record("faq", id: "stopped", at: Self.noon, outcome: .interrupted, duration: .seconds(3)))
            }
            await stopping.value
            let records = try await store.recent(limit: 10)
            #expect(records.map(\.outcome) == [.interrupted])
            #expect(records.map(\.duration) == [.seconds(3)])
            try store.close()
        }
    }

    @Test("runs older than keep: are pruned after a finished run, by the injected wall clock")
    func retentionByAge() async throws {
        try await withFolder { path in
            let day = 24.0 * 3600
            let clock = WallClock(Self.noon)
            let store = try HistoryStore.open(path: path, retention: HistoryRetention(age: .seconds(7 * 24 * 3600)), date: clock.read)
            for (id, age) in [("8d", 8.0), ("6d", 6.0), ("1d", 1.0)] {
                await store.checkFinished(Self.record("faq", id: id, at: Self.noon.addingTimeInterval(-age * day)))
            }
            await store.checkFinished(Self.record("other", id: "other-9d", at: Self.noon.addingTimeInterval(-9 * day)))
            #expect(try await store.recent(limit: 10).map(\.id) == ["1d", "6d"])

            // Two days on, the 6-day-old run is 8 days old; no run is needed to notice at the next start.
            clock.set(Self.noon.addingTimeInterval(2 * day))
            await store.checkFinished(Self.record("faq", id: "now", at: clock.now))
            #expect(try await store.recent(limit: 10).map(\.id) == ["now", "1d"])
            try store.close()
            clock.set(Self.noon.addingTimeInterval(6.5 * day))
            let reopened = try HistoryStore.open(path: path, retention: HistoryRetention(age: .seconds(7 * 24 * 3600)), date: clock.read)
            #expect(try await reopened.recent(limit: 10).map(\.id) == ["now"])
            try reopened.close()
        }
    }

    @Test("keep_runs: keeps each check's newest runs; other checks and running runs are untouched")
    func retentionByCount() async throws {
        try await withFolder { path in
            let store = try HistoryStore.open(path: path, retention: HistoryRetention(runsPerCheck: 3), date: { Self.noon })
            for minute in 0..<2 {
                await store.checkFinished(Self.record("billing", id: "billing-\(minute)", at: Self.noon.addingTimeInterval(Double(minute) * 60)))
            }
            await store.checkStarted("faq", id: "faq-running", at: Self.start(Self.noon.addingTimeInterval(-3600)))
            for minute in 0..<5 {
                await store.checkFinished(Self.record("faq", id: "faq-\(minute)", at: Self.noon.addingTimeInterval(Double(minute) * 60)))
            }
            #expect(try await store.recent(check: "faq", limit: 10).map(\.id) == ["faq-4", "faq-3", "faq-2"])
            #expect(try await store.recent(check: "billing", limit: 10).map(\.id) == ["billing-1", "billing-0"])
            #expect(try await store.recent(limit: 2).map(\.id) == ["faq-4", "faq-3"])
            let reader = try HistoryReader(path: path)
            #expect(try await reader.entries(check: "faq", limit: 10).map(\.id) == ["faq-4", "faq-3", "faq-2", "faq-running"])
            #expect(try await reader.checks() == ["billing", "faq"])
            try store.close()
        }
    }

    @Test("a lower keep_runs at the next start prunes every check at once")
    func retentionOnOpen() async throws {
        try await withFolder { path in
            let store = try HistoryStore.open(path: path, date: { Self.noon })
            for minute in 0..<4 {
                for check in ["a", "b"] {
                    await store.checkFinished(Self.record(check, id: "\(check)-\(minute)", at: Self.noon.addingTimeInterval(Double(minute))))
                }
            }
            try store.close()
            let reopened = try HistoryStore.open(path: path, retention: HistoryRetention(runsPerCheck: 1), date: { Self.noon })
            #expect(try await reopened.recent(limit: 10).map(\.id) == ["b-3", "a-3"])
            try reopened.close()
        }
    }

    @Test("the reader names a missing file and a file that is not a history")
    func readerErrors() async throws {
        try await withFolder { path in
            #expect(throws: HistoryError.self) { try HistoryReader(path: path) }
            do {
                _ = try HistoryReader(path: path)
            } catch let error as HistoryError {
                #expect(error.isMissing)
                #expect(error.description.contains("no history at \(path)"))
            }
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
            do {
                _ = try HistoryReader(path: path)
                Issue.record("a database without check_run was read as a history")
            } catch let error as HistoryError {
                #expect(!error.isMissing)
                #expect(error.description == "\(path) is not a history `parley monitor` wrote (it has no check_run table)")
            }
            try "not sqlite at all, just text that is long enough to be a header".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: HistoryError.self) { try HistoryReader(path: path) }
        }
    }
}
