/// Which flows a change to the watched files runs again: the pure half of `parley run --watch`,
/// decided from two looks at the files and what each flow reads, with no I/O.
public struct Rerun: Equatable, Sendable {
    /// What to run again.
    public enum Scope: Equatable, Sendable {
        /// A file every flow reads changed (a parley.yaml, an agent script): every flow.
        case all
        /// These flow files, sorted: each one's own file or one of its inputs changed. Empty when
        /// the only changes were flow files that are gone.
        case flows([String])
    }

    /// The files that changed, sorted.
    public var changed: [String]
    /// What runs again.
    public var scope: Scope

    /// A rerun of `scope` for `changed`.
    public init(changed: [String], scope: Scope) {
        self.changed = changed
        self.scope = scope
    }

    /// What changed between `before` and `after` (the stamps of the files watched then and now)
    /// and what it runs again; nil when nothing changed.
    ///
    /// A file is compared by its stamp in `after`: one `before` did not hold (a flow file just
    /// created, say) counts as changed, and one only `before` holds is no longer watched. A flow
    /// whose own file is missing is not run again.
    public static func after(_ before: [String: FileStamp], _ after: [String: FileStamp], inputs: FlowInputs) -> Rerun? {
        let changed = after.filter { path, stamp in before[path] != stamp }.keys.sorted()
        guard !changed.isEmpty else { return nil }
        let touched = Set(changed)
        if !touched.isDisjoint(with: inputs.shared) { return Rerun(changed: changed, scope: .all) }
        let flows = inputs.flows.filter { file, reads in
            after[file] != .missing && (touched.contains(file) || !touched.isDisjoint(with: reads))
        }
        return Rerun(changed: changed, scope: .flows(flows.keys.sorted()))
    }

    /// Whether this rerun runs the flow file `file`.
    public func selects(_ file: String) -> Bool {
        switch scope {
        case .all: return true
        case .flows(let files): return files.contains(file)
        }
    }
}
