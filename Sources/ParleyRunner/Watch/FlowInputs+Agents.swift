import Foundation
import ParleyModel

extension FlowInputs {
    /// The files `agent` names in the settings its connector declares as files (a simulator's
    /// `script:`, a `serve:` script), resolved from `directory`; a `${…}` value names none.
    static func files(of agent: AgentConfig, directory: String, catalog: Catalog) -> Set<String> {
        guard let declaration = catalog.connector(agent.connector) else { return [] }
        var files = Set<String>()
        for setting in agent.settings where declaration.setting(setting.name)?.type == .file {
            guard case .string(let template) = setting.value, let path = template.literalText else { continue }
            files.insert(ConnectorFactory.tidy(path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)))
        }
        return files
    }
}
