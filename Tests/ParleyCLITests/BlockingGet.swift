import Foundation
import ParleyCore
import ParleyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A GET for the CLI tests' polling loops, waited for on a thread of its own (``DedicatedThread``).
/// When the tests that wait on `parley` processes held both of the process's shared threads, a
/// monitor test's awaited poll did not resume for minutes; they no longer hold them, and this
/// GET holds none either.
enum BlockingGet {
    /// The body, when the server answers 200 within `timeout`; nil otherwise.
    static func text(_ url: URL, timeout: TimeInterval = 10) async -> String? {
        await DedicatedThread.run { blockingText(url, timeout: timeout) }
    }

    private static func blockingText(_ url: URL, timeout: TimeInterval) -> String? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var body: String?
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        let task = URLSession.shared.dataTask(with: request) { data, response, _ in
            if let data, (response as? HTTPURLResponse)?.statusCode == 200 { body = String(decoding: data, as: UTF8.self) }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 1) == .timedOut { task.cancel() }
        return body
    }
}
