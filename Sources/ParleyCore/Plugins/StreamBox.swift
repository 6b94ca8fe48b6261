import Foundation
import ParleyModel

/// The stream redaction of a run, shared by the flows that publish, hence the lock.
final class StreamBox: @unchecked Sendable {
    private let lock = NSLock()
    private var state = StreamRedaction()

    func redact(_ event: PluginEvent, with redactor: Redactor) -> [PluginEvent] {
        lock.withLock { state.redact(event, with: redactor) }
    }
}
