import ArgumentParser
import AsyncHTTPClient
import Foundation
import ParleyCore
import ParleyHTTP
import ParleyParser

/// `parley validate [paths…]`: everything `parley run` checks before it starts, without running
/// anything: no agent is served or connected.
struct Validate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
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
        // Connectors are only built, not connected, but they hold the client all the same.
        try await RunHTTPClient.with { try await run(httpClient: $0) }
    }

    private func run(httpClient: HTTPClient) async throws {
        let planner = RunPlanner(
            environment: ProcessEnvironment(), agentOverride: agent, variables: Dictionary(variables.map(Run.variable)) { _, last in last },
            httpClient: httpClient)
        let (plan, findings) = planner.plan(paths: paths.isEmpty ? ["."] : paths)
        for connector in plan.connectors { await connector.shutdown() }
        if !findings.isEmpty {
            FileHandle.standardError.write(Data((findings.rendered(masking: plan.secrets) + "\n\n").utf8))
        }
        if plan.flowFiles.isEmpty && plan.projectFiles.isEmpty && findings.isEmpty {
            let searched = paths.isEmpty ? "." : paths.joined(separator: " ")
            FileHandle.standardError.write(Data("nothing to validate: no *.flow.yaml, *.flow.yml or parley.yaml under \(searched)\n".utf8))
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
