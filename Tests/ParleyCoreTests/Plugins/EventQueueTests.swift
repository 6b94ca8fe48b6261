import Testing

@testable import ParleyCore

@Suite("plugin event queue")
struct EventQueueTests {
    /// Starts a producer of `element` and returns once it is blocked behind the `count` before it,
    /// so producers arrive in a known order without sleeping.
    private static func block(_ element: Int, behind count: Int, on queue: EventQueue<Int>, in group: inout TaskGroup<Void>) async {
        group.addTask { await queue.push(element) }
        while await queue.blockedProducers < count + 1 { await Task.yield() }
    }

    @Test("many producers blocked on a full queue are all resumed, in the order they came, and a later one waits its turn")
    func blockedProducersKeepOrder() async {
        let producers = 2_000
        let queue = EventQueue<Int>(capacity: 4)
        var popped: [Int] = []
        await withTaskGroup(of: Void.self) { group in
            for element in 0..<4 { await queue.push(element) }
            for element in 4..<(4 + producers) { await Self.block(element, behind: element - 4, on: queue, in: &group) }
            // One pop frees a place: the first blocked producer gets it, not a newcomer.
            popped.append(await queue.pop()!)
            await Self.block(-1, behind: producers - 1, on: queue, in: &group)
            for _ in 0..<(3 + producers + 1) { popped.append(await queue.pop()!) }
            await group.waitForAll()
        }
        #expect(popped == Array(0..<(4 + producers)) + [-1])
        #expect(await queue.blockedProducers == 0)
    }

    @Test("close resumes blocked producers, drops what they held, and lets the consumer drain the rest")
    func closeReleasesProducers() async {
        let queue = EventQueue<Int>(capacity: 2)
        var drained: [Int] = []
        await withTaskGroup(of: Void.self) { group in
            await queue.push(1)
            await queue.push(2)
            for element in 3...10 { await Self.block(element, behind: element - 3, on: queue, in: &group) }
            await queue.close()
            await group.waitForAll()
            while let element = await queue.pop() { drained.append(element) }
        }
        #expect(drained == [1, 2])
        await queue.push(11)
        #expect(await queue.pop() == nil)
    }

    @Test("a consumer that waits on an empty queue gets what is pushed next")
    func waitingConsumer() async {
        let queue = EventQueue<String>(capacity: 1)
        async let next = queue.pop()
        await queue.push("a")
        #expect(await next == "a")
        await queue.push("b")
        #expect(await queue.pop() == "b")
    }
}
