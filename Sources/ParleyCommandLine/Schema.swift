import ArgumentParser
import Foundation
import ParleyModel
import ParleyParser
import ParleyRunner

/// `parley schema`: JSON Schemas for flow files and parley.yaml, for editors and CI.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema (draft 2020-12) for flow files or parley.yaml.",
        discussion: """
            Point an editor at it with a first line such as
              # yaml-language-server: $schema=../schema/flow.schema.json
            """
    )

    enum Document: String, ExpressibleByArgument, CaseIterable {
        case flow, project
    }

    @Argument(help: "Which schema: flow (*.flow.yaml) or project (parley.yaml).")
    var document: Document = .flow

    @Option(name: .customLong("output-dir"), help: "Write flow.schema.json and parley.schema.json into this folder instead.")
    var outputDirectory: String?

    func run() throws {
        guard let outputDirectory else {
            print(text(for: document))
            return
        }
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        for (name, document) in [("flow.schema.json", Document.flow), ("parley.schema.json", .project)] {
            let path = (outputDirectory as NSString).appendingPathComponent(name)
            try Data((text(for: document) + "\n").utf8).write(to: URL(fileURLWithPath: path))
            print("wrote \(path)")
        }
    }

    private func text(for document: Document) -> String {
        switch document {
        case .flow: return SchemaExporter.flowSchema(catalog: ParleyCommand.registry.catalog).prettyPrinted()
        case .project: return SchemaExporter.projectSchema(catalog: ParleyCommand.registry.catalog).prettyPrinted()
        }
    }
}
