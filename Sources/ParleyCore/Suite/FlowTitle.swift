import ParleyModel

/// The name a flow run is reported under: `flow:` with its `${…}` filled from `vars:`, the data
/// row and `--var`, the way the run itself sets them (`Order ${order}` runs as `Order A-1042`).
public enum FlowTitle {
    /// The name for one run and the secrets its variables read (a `vars:` value may come from
    /// `${secret.X}`, and the name is published before the run registers it), or the first
    /// reference that cannot be filled.
    public static func render(
        _ flow: Flow, row: [Assignment], overrides: [String: JSONValue], environment: @escaping @Sendable (Reference) -> String?
    ) -> Result<(name: String, secrets: Set<String>), Interpolation.Failure> {
        guard let template = flow.nameTemplate, !template.references.isEmpty else { return .success((flow.name, [])) }
        var interpolation = Interpolation(environment: environment)
        var secrets: Set<String> = []
        let rowNames = Set(row.map(\.name))
        for assignment in flow.vars.filter({ !rowNames.contains($0.name) }) + row where overrides[assignment.name] == nil {
            switch interpolation.render(assignment.value) {
            case .success(let (value, used)):
                interpolation.variables[assignment.name] = value
                secrets.formUnion(used)
            case .failure(let failure): return .failure(failure)
            }
        }
        interpolation.variables.merge(overrides) { _, override in override }
        return interpolation.render(template).map { ($0.text, secrets.union($0.secrets)) }
    }

    /// Whether the name has `${…}` to fill, so each row's run is told apart by its values
    /// rather than by `[row N]`.
    public static func isTemplated(_ flow: Flow) -> Bool {
        !(flow.nameTemplate?.references.isEmpty ?? true)
    }
}
