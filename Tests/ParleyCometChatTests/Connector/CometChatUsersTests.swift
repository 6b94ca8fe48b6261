import Foundation
@testable import ParleyCometChat
import Testing

/// The user gates belong to a run: its connectors acting as one user wait for each other, and
/// another run (another `CometChatUsers`) has gates of its own.
@Suite("CometChat users of a run")
struct CometChatUsersTests {
    @Test("two sessions of one run acting as the same user take turns")
    func oneRunWaits() async throws {
        let users = CometChatUsers()
        let first = users.gate(restURL: "http://127.0.0.1:1/v3", user: "u1")
        let second = users.gate(restURL: "http://127.0.0.1:1/v3", user: "u1")
        #expect(first === second)
        try await first.enter()
        let entered = Task { try await second.enter() }
        while await first.waiting == 0 { await Task.yield() }
        #expect(await first.waiting == 1, "the second session waits while the first holds the user")
        await first.leave()
        try await entered.value
        #expect(await first.waiting == 0)
        await second.leave()
    }

    @Test("another user, another REST host or another run does not wait")
    func othersDoNotWait() async throws {
        let users = CometChatUsers()
        let held = users.gate(restURL: "http://127.0.0.1:1/v3", user: "u1")
        try await held.enter()
        let others = [
            users.gate(restURL: "http://127.0.0.1:1/v3", user: "u2"),
            users.gate(restURL: "http://127.0.0.1:2/v3", user: "u1"),
            CometChatUsers().gate(restURL: "http://127.0.0.1:1/v3", user: "u1"),
        ]
        for gate in others {
            #expect(gate !== held)
            // Enters at once: a gate shared with the held one would wait here.
            try await gate.enter()
            await gate.leave()
        }
        await held.leave()
    }
}
