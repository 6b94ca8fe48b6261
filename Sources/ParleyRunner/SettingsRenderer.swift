import ParleyModel
import ParleyParser

/// Renders the settings of parley.yaml (agents, plugins) with `${env.X}` and `${secret.X}`,
/// collecting the secret values so every output can mask them.
struct SettingsRenderer {
    var environment: ProcessEnvironment
    private(set) var secrets: Set<String> = []

    init(environment: ProcessEnvironment) {
        self.environment = environment
    }

    mutating func render(_ settings: [Assignment]) throws(InvalidInput) -> [String: JSONValue] {
        var rendered: [String: JSONValue] = [:]
        let interpolation = environment.interpolation()
        for assignment in settings {
            switch interpolation.render(assignment.value) {
            case .success(let (value, used)):
                rendered[assignment.name] = value
                secrets.formUnion(used)
            case .failure(let failure):
                throw InvalidInput(failure.message, at: failure.location)
            }
        }
        return rendered
    }

    /// A value that is a credential however it was written (a model's API key).
    mutating func noteSecret(_ value: String) {
        if !value.isEmpty { secrets.insert(value) }
    }

    /// Settings that are credentials whatever way they were written (a literal token in
    /// parley.yaml too, as the declaration says): masked in every output like `${secret.X}` values.
    mutating func noteCredentials(of declaration: ProviderDeclaration, in settings: [String: JSONValue]) {
        for setting in declaration.settings where setting.isSecret {
            if case .string(let value)? = settings[setting.key], !value.isEmpty { secrets.insert(value) }
        }
    }
}
