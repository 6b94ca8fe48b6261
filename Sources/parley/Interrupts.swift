import Dispatch
import Foundation

/// Ctrl-C and SIGTERM while a run is going: the first cancels the run, so reports are still
/// written and the exit code is 130; a second one exits at once.
final class Interrupts: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let lock = NSLock()
    private var count = 0

    init(onFirst cancel: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "parley.signals")
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            sources.append(source)
        }
        self.sources = sources
        for source in sources {
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let seen = self.lock.withLock { () -> Int in
                    self.count += 1
                    return self.count
                }
                if seen == 1 {
                    FileHandle.standardError.write(Data("\ninterrupted: finishing reports (Ctrl-C again to quit at once)\n".utf8))
                    cancel()
                } else {
                    exit(130)
                }
            }
            source.resume()
        }
    }

    func stop() {
        for source in sources { source.cancel() }
    }
}
