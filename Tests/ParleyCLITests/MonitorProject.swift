import Foundation
import ParleyTesting

/// A monitored project for the monitor's CLI tests: the examples' demo-support agent in the
/// simulator, a monitor listening on a free port with its history under `state/`, the given
/// checks (lines under `checks:`) and flows (`name.flow.yaml` → its text).
enum MonitorProject {
    static func make(checks: [String], flows: [String: String]) throws -> URL {
        let folder = try ProjectPaths.temporaryFolder()
        try FileManager.default.copyItem(
            at: ProjectPaths.root.appendingPathComponent("Flows/agents/demo-support.agent.yaml"),
            to: folder.appendingPathComponent("demo-support.agent.yaml"))
        let config = """
            agents:
              demo: { connector: simulator, script: demo-support.agent.yaml }
            defaults: { agent: demo }
            monitor:
              listen: 127.0.0.1:0
              history: { path: state/history.sqlite }
              checks:

            """ + checks.map { "    \($0)\n" }.joined()
        try config.write(to: folder.appendingPathComponent("parley.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in flows {
            try text.write(to: folder.appendingPathComponent("\(name).flow.yaml"), atomically: true, encoding: .utf8)
        }
        return folder
    }
}
