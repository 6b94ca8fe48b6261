import Foundation
import ParleyModel

/// The secret values of a run, learned as flows render them; every output is masked with them.
/// Shared by the runners (which add) and the plugin host (which masks), hence the lock.
public final class SecretRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var redactor: Redactor

    /// A registry that already knows `secrets` (for example those in parley.yaml's agent settings).
    public init(secrets: some Sequence<String> = [String]()) {
        redactor = Redactor(secrets: secrets)
    }

    /// Learns more secret values.
    public func add(_ secrets: some Sequence<String>) {
        let values = Array(secrets)
        guard !values.isEmpty else { return }
        lock.withLock { redactor.add(values) }
    }

    /// The redactor as it stands.
    public var current: Redactor { lock.withLock { redactor } }
}
