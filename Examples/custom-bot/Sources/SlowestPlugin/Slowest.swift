import Foundation
import Parley

/// The `slowest` plugin as a provider: `- slowest: { file: reports/slowest.json }` in parley.yaml.
public enum Slowest {
    public static let declaration = ProviderDeclaration(
        name: "slowest", summary: "Writes each flow's slowest step (what, where, how long) to a JSON file.",
        settings: [
            SettingDeclaration("file", .path, "The JSON file to write, relative to parley.yaml (default slowest.json).")
        ])

    /// What `Registry.builtIn.adding(Slowest.provider)` adds. `make` opens nothing: the file is
    /// written once, when the run is over.
    public static let provider = PluginProvider(declaration) { context in
        var file = "slowest.json"
        switch context.settings["file"] {
        case nil: break
        case .string(let path)? where !path.isEmpty: file = path
        case .some(let other): throw InvalidInput("slowest: `file` must be a path, got \(other.compactText())", at: context.location)
        }
        let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : context.projectDirectory.appendingPathComponent(file)
        return SlowestSteps(file: url.standardizedFileURL)
    }
}
