import ParleyCore
import ParleyModel
import ParleyTesting
import Testing

/// `--shard i/n`: every flow file in exactly one shard, decided by its path alone.
@Suite("shards")
struct ShardTests {
    static let paths = (1...40).map { "Flows/\($0 < 10 ? "0" : "")\($0)-flow.flow.yaml" }

    @Test("shards partition the flow files: each file in exactly one")
    func partition() throws {
        for count in 1...5 {
            let shards = try (1...count).map { try #require(Shard(index: $0, count: count)) }
            for path in Self.paths {
                #expect(shards.filter { $0.includes(path) }.count == 1, "\(path) in \(count) shards")
            }
        }
    }

    @Test("a file's shard depends on its path only, the same on every run and machine")
    func stable() throws {
        let shard = try #require(Shard(index: 2, count: 3))
        let chosen = Self.paths.filter(shard.includes)
        // More files, in another order, do not move any of these.
        let more = (Self.paths + ["Flows/new-one.flow.yaml", "Flows/new-two.flow.yaml"]).reversed()
        #expect(Set(more.filter(shard.includes)).isSuperset(of: chosen))
        // FNV-1a of the path's bytes, modulo the count: pinned so a change of hash is noticed.
        // (0x5ff191cf8348100d, 0xa17b661d819547de and 0x8c57558e1a0927bb, worked out apart from the code.)
        #expect(Shard(index: 2, count: 2)?.includes("Flows/01-order-status.flow.yaml") == true)
        #expect(Shard(index: 1, count: 2)?.includes("Flows/02-suggestions.flow.yaml") == true)
        #expect(Shard(index: 3, count: 3)?.includes("Flows/02-suggestions.flow.yaml") == true)
        #expect(Shard(index: 2, count: 3)?.includes("Flows/03-contact-form.flow.yaml") == true)
        #expect(Shard(index: 1, count: 1)?.includes("anything") == true)
    }

    @Test("shards are spread: with 40 files none of 3 shards is empty")
    func spread() throws {
        for index in 1...3 {
            let shard = try #require(Shard(index: index, count: 3))
            #expect(!Self.paths.filter(shard.includes).isEmpty)
        }
    }

    @Test("an index outside 1...count is refused")
    func invalid() {
        #expect(Shard(index: 0, count: 2) == nil)
        #expect(Shard(index: 3, count: 2) == nil)
        #expect(Shard(index: 1, count: 0) == nil)
    }

    @Test("the suite runs only its shard's flows, and the shards together run every flow once")
    func suite() async throws {
        let connector = ScriptedConnector(ScriptedAgent.replying { _ in "It has shipped" })
        let flows = try (1...9).map { number in
            try RunnerHarness.planned(
                """
                flow: Flow \(number)
                steps:
                  - send: hi
                  - expect: { reply: { contains: shipped } }
                """, path: "Flows/\(number).flow.yaml", connector: connector)
        }
        var ran: [String] = []
        for index in 1...3 {
            let (summary, _) = await RunnerHarness.runSuite(flows, options: SuiteOptions(shard: Shard(index: index, count: 3)))
            #expect(summary.results.allSatisfy { Shard(index: index, count: 3)!.includes($0.run.path) })
            ran += summary.results.map(\.run.path)
        }
        #expect(ran.sorted() == flows.map(\.path).sorted())
    }
}
