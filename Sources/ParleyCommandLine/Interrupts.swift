import Dispatch
import Foundation
import ParleyLog

/// SIGINT (Ctrl-C), SIGTERM and SIGHUP while a run and its reports are going: the first cancels
/// the run, so the reports are still written and the exit code is 128 + its number (130, 143, 129);
/// a second one of any of them exits at once with 128 + its number, reports or not.
///
/// A signal the parent left ignored stays ignored: `nohup parley run` survives a hang-up.
final class Interrupts: @unchecked Sendable {
    /// The signals a run listens for.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let sources: [any DispatchSourceSignal]
    private let lock = NSLock()
    private var first: Int32?

    /// Listens until `stop()`; `cancel` runs once, on the first signal.
    init(onFirst cancel: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "parley.signals")
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in Self.signals where !Self.isIgnored(signalNumber) {
            // The source sees the signal; the default action (ending the process) must not.
            signal(signalNumber, SIG_IGN)
            sources.append(DispatchSource.makeSignalSource(signal: signalNumber, queue: queue))
        }
        self.sources = sources
        for source in sources {
            let signalNumber = Int32(source.handle)
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let isFirst = self.lock.withLock { () -> Bool in
                    guard self.first == nil else { return false }
                    self.first = signalNumber
                    return true
                }
                guard isFirst else { exit(128 + signalNumber) }
                DescriptorOutput.standardError.write("\n\(Self.describe(signalNumber)): finishing reports (Ctrl-C again to quit at once)\n")
                cancel()
            }
            source.resume()
        }
    }

    /// The first signal received, if any.
    var received: Int32? { lock.withLock { first } }

    /// Stops listening; the signals stay ignored until the process exits a moment later.
    func stop() {
        for source in sources { source.cancel() }
    }

    private static func describe(_ signalNumber: Int32) -> String {
        switch signalNumber {
        case SIGINT: return "interrupted"
        case SIGTERM: return "interrupted by SIGTERM"
        case SIGHUP: return "interrupted by SIGHUP"
        default: return "interrupted by signal \(signalNumber)"
        }
    }

    /// Whether the parent started us with `signalNumber` ignored (`nohup`, `&` in a script).
    private static func isIgnored(_ signalNumber: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signalNumber, nil, &current) == 0 else { return false }
        #if canImport(Glibc)
            let handler = current.__sigaction_handler.sa_handler
        #else
            let handler = current.__sigaction_u.__sa_handler
        #endif
        return handler.map { unsafeBitCast($0, to: Int.self) } == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
