import ArgumentParser
import Foundation

/// `parley init [dir]`: a project that runs at once, against the embedded simulator.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a project that runs at once: parley.yaml, a simulator agent, two flows, schemas, .gitignore and a CI workflow.",
        discussion: """
            The flows run against the embedded simulator, so `parley init && parley run` passes with no network \
            and no secrets; parley.yaml shows the network connectors (agui, polyai, cometchat) commented out. \
            The flows' first line points editors at the JSON Schemas written to .parley/schema/ (regenerate them \
            with `parley schema --output-dir .parley/schema` after upgrading Parley). Existing files are never \
            overwritten without --force: when one is in the way nothing is written and the command exits 2, \
            naming each one.
            """
    )

    @Argument(help: "The folder to make the project in; made when missing.")
    var directory = "."

    @Flag(help: "Overwrite files that exist already.")
    var force = false

    func run() throws {
        let files = ProjectTemplate.files(
            flowSchema: Schema.text(for: .flow), projectSchema: Schema.text(for: .project), eventsSchema: Schema.text(for: .events))
        let existing = files.map(\.path).filter { FileManager.default.fileExists(atPath: location($0)) }
        if !existing.isEmpty && !force {
            let names = existing.map(location).joined(separator: ", ")
            print("parley init: nothing was written: \(names) \(existing.count == 1 ? "exists" : "exist") already (--force overwrites)", to: &standardError)
            throw ExitStatus.invalidInput
        }
        for file in files {
            let path = location(file.path)
            do {
                let folder = (path as NSString).deletingLastPathComponent
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                print("parley init: cannot write \(path): \(error.localizedDescription)", to: &standardError)
                throw ExitStatus.invalidInput
            }
            print("created \(path)")
        }
        let folder = directory == "." ? "" : "cd \(Self.quoted(directory)) && "
        print("\nnext: \(folder)parley run")
    }

    /// Where `path` (inside the project) goes, as the user would type it from here.
    private func location(_ path: String) -> String {
        directory == "." ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// A folder name a shell reads back as one word.
    static func quoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
