/// The files a project's flows read, as planning found them: what `parley run --watch` watches
/// and how a change maps to the flows it affects.
public struct FlowInputs: Equatable, Sendable {
    /// Each flow file's own inputs, by flow file: the file itself, the files it includes (and they
    /// include), its CSV data file, and the files its inline agent names.
    public var flows: [String: Set<String>]
    /// The files every flow depends on: each parley.yaml read and the files its agents name (a
    /// simulator's `script:`, a `serve:` script; any connector setting declared as a file).
    public var shared: Set<String>

    /// Inputs of these flows and shared files.
    public init(flows: [String: Set<String>] = [:], shared: Set<String> = []) {
        self.flows = flows
        self.shared = shared
    }

    /// Every file to watch.
    public var all: Set<String> {
        flows.reduce(into: shared) { files, flow in
            files.insert(flow.key)
            files.formUnion(flow.value)
        }
    }
}
