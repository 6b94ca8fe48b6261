import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParleyHTTP

/// The turns of `curl-compare` sent by AsyncHTTPClient alone, in a process of their own: the run's
/// client configuration and the agui connector's way of reading (a response delegate on one event
/// loop), with nothing of Parley's around it. What a Swift client on this HTTP stack costs at
/// least, beside what curl and `parley run` cost (issue 20, point 1).
enum ClientTurns {
    /// Sends `turns` turns with `parallel` workers and prints how many got a full answer of `bytes`.
    static func run(url: String, tag: String, turns: Int, parallel: Int, bytes: Int) async throws {
        let client = RunHTTPClient.make()
        let loop = client.eventLoopGroup.next()
        let full = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<parallel {
                group.addTask {
                    var full = 0
                    for turn in stride(from: worker + 1, through: turns, by: parallel) {
                        if await send(client, loop, url: url, body: CurlTurns.body(thread: CurlTurns.thread(tag, CurlTurns.padded(turn)))) == bytes {
                            full += 1
                        }
                    }
                    return full
                }
            }
            return await group.reduce(0, +)
        }
        try await client.shutdown()
        print("full \(full)")
    }

    /// The bytes of one turn's answer; -1 for a status other than 200 or an error.
    private static func send(_ client: HTTPClient, _ loop: any EventLoop, url: String, body: String) async -> Int {
        guard var request = try? HTTPClient.Request(url: url, method: .POST) else { return -1 }
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "text/event-stream")
        request.body = .string(body)
        let task = client.execute(request: request, delegate: Counter(), eventLoop: .delegate(on: loop))
        return (try? await task.futureResult.get()) ?? -1
    }

    /// Counts an answer's bytes, as the connector's reader sees each part of it.
    private final class Counter: HTTPClientResponseDelegate, @unchecked Sendable {
        private var status: HTTPResponseStatus = .ok
        private var count = 0

        func didReceiveHead(task: HTTPClient.Task<Int>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
            status = head.status
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveBodyPart(task: HTTPClient.Task<Int>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
            count += buffer.readableBytes
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didFinishRequest(task: HTTPClient.Task<Int>) throws -> Int {
            status == .ok ? count : -1
        }
    }
}
