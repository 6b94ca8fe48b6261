import Foundation
import ParleyCore
import Testing

@Suite("waiters for a condition")
struct WaitersTests {
    final class Box: @unchecked Sendable {
        let lock = NSLock()
        var flag = false
        var isSet: Bool { lock.withLock { flag } }
        func set() { lock.withLock { flag = true } }
    }

    @Test("a condition already met returns at once")
    func alreadyMet() async {
        await Waiters().wait { true }
    }

    @Test("every parked waiter wakes when the condition turns true, and only then")
    func wakesOnChange() async {
        let waiters = Waiters()
        let box = Box()
        let woken = Box()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    await waiters.wait { box.isSet }
                    #expect(box.isSet)
                    woken.set()
                }
            }
            // The change, then the wake-up, as the contract says: a waiter parked before it is
            // woken, one that looks after it finds the condition met.
            box.set()
            waiters.resumeAll()
            await group.waitForAll()
        }
        #expect(woken.isSet)
    }

    @Test("a cancelled waiter returns while the condition is still false")
    func cancelled() async {
        let waiters = Waiters()
        let task = Task { await waiters.wait { false } }
        task.cancel()
        await task.value
    }
}
