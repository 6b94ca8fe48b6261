import Foundation
import ParleyModel

extension RunRequest {
    /// The run of one check of `monitor:`: its flows (resolved against the folder of the
    /// parley.yaml at `projectPath`), its tag filters and its agent, as `parley run` would take them.
    public init(check: CheckConfig, projectPath: String) {
        let directory = (projectPath as NSString).deletingLastPathComponent
        self.init(paths: check.flows.map { MonitorCheck.resolve($0.value, in: directory) })
        tags = check.tags
        excludeTags = check.excludeTags
        agent = check.agent?.value
    }
}
