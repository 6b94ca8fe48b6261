import ArgumentParser
import Foundation
import ParleyCore
import ParleyParser
import ParleyRunner

/// `parley validate [paths…]`: everything `parley run` checks before it starts, without running
/// anything: no agent is served or connected.
struct Validate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check flow files and parley.yaml as `parley run` would; exit 0 when clean, 2 otherwise.",
        discussion: """
            Folders are searched for *.flow.yaml, *.flow.yml and parley.yaml. With no paths, the current folder \
            is checked. Flows, agents and their scripts, plugins and their settings, connector capabilities, data \
            files and --var are checked in one pass, and every problem is printed.
            """
    )

    @Argument(help: "Flow files, parley.yaml files, or folders.")
    var paths: [String] = []

    @Option(help: "Check every flow against this agent of parley.yaml, as `parley run --agent` would.")
    var agent: String?

    @Option(name: .customLong("var"), help: "Set a variable, k=v (repeatable), as `parley run --var` would.")
    var variables: [String] = []

    func validate() throws {
        for variable in variables where !variable.contains("=") {
            throw ValidationError("--var must be k=v; got \(variable)")
        }
    }

    func run() async throws {
        var request = RunRequest(paths: paths.isEmpty ? ["."] : paths)
        request.agent = agent
        request.variables = Dictionary(variables.map(Run.variable)) { _, last in last }
        let validation = await Runner(registry: ParleyCommand.registry).validate(request)
        let (plan, findings) = (validation, validation.findings)
        if !findings.isEmpty {
            print(validation.rendered() + "\n", to: &standardError)
        }
        if plan.flowFiles.isEmpty && plan.projectFiles.isEmpty && findings.isEmpty {
            let searched = paths.isEmpty ? "." : paths.joined(separator: " ")
            print("nothing to validate: no *.flow.yaml, *.flow.yml or parley.yaml under \(searched)", to: &standardError)
            throw ExitStatus.invalidInput
        }
        let errors = findings.errorCount
        let files = "\(plan.flowFiles.count) flow file\(plan.flowFiles.count == 1 ? "" : "s") and \(plan.projectFiles.count) project file\(plan.projectFiles.count == 1 ? "" : "s")"
        if errors == 0 {
            print("\(files): no problems found")
        } else {
            print("\(files): \(errors) error\(errors == 1 ? "" : "s")")
            throw ExitStatus.invalidInput
        }
    }
}
