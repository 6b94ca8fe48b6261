import ArgumentParser
import Foundation
import ParleyParser

/// `parley validate [paths…]`: check flow files and parley.yaml without running anything.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check flow files and parley.yaml; exit 0 when clean, 2 otherwise.",
        discussion: "Folders are searched for *.flow.yaml and parley.yaml. With no paths, the current folder is checked."
    )

    @Argument(help: "Flow files, parley.yaml files, or folders.")
    var paths: [String] = []

    func run() throws {
        var report = Validator().validate(paths: paths.isEmpty ? ["."] : paths)
        let scripts = AgentScriptCheck.diagnostics(projects: report.projectFiles)
        report.diagnostics += scripts.diagnostics
        report.sources.merge(scripts.sources) { current, _ in current }
        if !report.diagnostics.isEmpty {
            FileHandle.standardError.write(Data((report.rendered() + "\n\n").utf8))
        }
        if report.flowFiles.isEmpty && report.projectFiles.isEmpty && report.diagnostics.isEmpty {
            let searched = paths.isEmpty ? "." : paths.joined(separator: " ")
            FileHandle.standardError.write(Data("nothing to validate: no *.flow.yaml or parley.yaml under \(searched)\n".utf8))
            throw ExitStatus.invalidInput
        }
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        let files = "\(report.flowFiles.count) flow file\(report.flowFiles.count == 1 ? "" : "s") and \(report.projectFiles.count) project file\(report.projectFiles.count == 1 ? "" : "s")"
        if errors == 0 {
            print("\(files): no problems found")
        } else {
            print("\(files): \(errors) error\(errors == 1 ? "" : "s")")
            throw ExitStatus.invalidInput
        }
    }
}
