/// The files `parley init` writes: a project that runs at once against the embedded simulator.
/// Each text lives in its own extension (`ProjectTemplate+Project.swift`, …); this lists them.
enum ProjectTemplate {
    /// One file to write, by its path inside the project.
    struct File: Equatable {
        var path: String
        var text: String
    }

    /// Where the schemas go, for the flows' `# yaml-language-server: $schema=…` lines: inside
    /// `.parley/`, Parley's folder in a project (the monitor keeps its history there too), so the
    /// project's own folders stay the user's and a `schema/` of theirs is never in the way.
    static let schemaFolder = ".parley/schema"

    /// Every file, in the order they are listed when made; the schemas are `parley schema`'s
    /// (flow, project, events), for the command line's registry.
    static func files(flowSchema: String, projectSchema: String, eventsSchema: String) -> [File] {
        [
            File(path: "parley.yaml", text: project),
            File(path: "agents/support.agent.yaml", text: agentScript),
            File(path: "greeting.flow.yaml", text: greetingFlow),
            File(path: "order-status.flow.yaml", text: orderFlow),
            File(path: "\(schemaFolder)/flow.schema.json", text: flowSchema + "\n"),
            File(path: "\(schemaFolder)/parley.schema.json", text: projectSchema + "\n"),
            File(path: "\(schemaFolder)/events.schema.json", text: eventsSchema + "\n"),
            File(path: ".gitignore", text: gitignore),
            File(path: ".github/workflows/parley.yml", text: workflow),
        ]
    }
}
