import ArgumentParser
import Foundation
import ParleyExec
import ParleyModel
import ParleyParser
import ParleyRunner

/// `parley schema`: JSON Schemas for flow files, parley.yaml and the exec plugin's event lines, for editors and CI.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) for flow files, parley.yaml or the exec plugin's event lines.",
        discussion: """
            Point an editor at it with a first line such as
              # yaml-language-server: $schema=../schema/flow.schema.json
            """
    )

    enum Document: String, ExpressibleByArgument, CaseIterable {
        case flow, project, events
    }

    @Argument(help: "Which schema: flow (*.flow.yaml), project (parley.yaml) or events (the exec plugin's input lines).")
    var document: Document = .flow

    @Option(name: .customLong("output-dir"), help: "Write flow.schema.json, parley.schema.json and events.schema.json into this folder instead.")
    var outputDirectory: String?

    func run() throws {
        guard let outputDirectory else {
            print(Self.text(for: document))
            return
        }
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        for (name, document) in [("flow.schema.json", Document.flow), ("parley.schema.json", .project), ("events.schema.json", .events)] {
            let path = (outputDirectory as NSString).appendingPathComponent(name)
            try Data((Self.text(for: document) + "\n").utf8).write(to: URL(fileURLWithPath: path))
            print("wrote \(path)")
        }
    }

    /// The schema `document`, for the command line's registry: what this command prints and `parley init` writes.
    static func text(for document: Document) -> String {
        switch document {
        case .flow: return SchemaExporter.flowSchema(catalog: ParleyCommand.registry.catalog).prettyPrinted()
        case .project: return SchemaExporter.projectSchema(catalog: ParleyCommand.registry.catalog).prettyPrinted()
        case .events: return EventLines.schema().prettyPrinted()
        }
    }
}
