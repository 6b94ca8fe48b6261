import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A GET that waits by blocking its thread, for the CLI tests' polling loops. An `await` inside
/// a poll gives the thread back, and resuming needs a free one of the process's shared threads:
/// with both held by tests that wait on `parley` processes, a monitor test's poll did not resume
/// for minutes and its monitor was killed first. A blocked poll holds its thread and goes on.
enum BlockingGet {
    /// The body, when the server answers 200 within `timeout`; nil otherwise.
    static func text(_ url: URL, timeout: TimeInterval = 10) -> String? {
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
