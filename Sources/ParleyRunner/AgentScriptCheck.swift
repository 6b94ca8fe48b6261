import Foundation
import ParleyModel
import ParleyParser
import ParleySimulator

/// `parley validate` checks the simulator agents' scripts too: the parser cannot (it does not
/// know the simulator), so the runner does for the built-in `simulator` connector.
enum AgentScriptCheck {
    /// Diagnostics of every agent script the given project files name, with their sources.
    static func diagnostics(projects: [String], catalog: Catalog) -> (diagnostics: [Diagnostic], sources: [String: SourceText]) {
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceText] = [:]
        var seen = Set<String>()
        for projectPath in projects {
            guard let config = ProjectParser.parse(path: projectPath, catalog: catalog).config else { continue }
            let directory = (projectPath as NSString).deletingLastPathComponent
            for agent in config.agents where agent.connector == "simulator" {
                guard case .string(let template)? = agent.setting("script"), let script = template.literalText else { continue }
                let path = ConnectorFactory.tidy(script.hasPrefix("/") ? script : (directory as NSString).appendingPathComponent(script))
                guard seen.insert(path).inserted, FileManager.default.fileExists(atPath: path) else { continue }
                let parsed = AgentScriptParser.parse(path: path)
                diagnostics += parsed.diagnostics
                if let source = parsed.source { sources[path] = source }
            }
        }
        return (diagnostics, sources)
    }
}
