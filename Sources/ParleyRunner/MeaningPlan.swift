import Foundation
import ParleyCore
import ParleyMeaning
import ParleyModel

/// The model endpoints of one project's `models:`, rendered for a run: a resolver for the flows
/// that use `similar` or `judge`, and for each endpoint that cannot be used, why, so the flows
/// needing it are skipped with that reason (a skip is never a pass).
struct MeaningPlan {
    var resolver: (any MeaningResolver)?
    var unavailable: [MeaningKind: String] = [:]

    /// Renders `models` of the project at `projectPath`. `${env.X}` or `${secret.X}` that this
    /// machine lacks makes that endpoint unavailable, not the run invalid: a project can name a
    /// model some machines have.
    init(models: ModelsConfig?, projectPath: String?, renderer: inout SettingsRenderer, resources: RunResources, useCache: Bool) {
        var settings: [MeaningKind: ModelSettings] = [:]
        for kind in MeaningKind.allCases {
            guard let endpoint = models?.endpoint(for: kind) else {
                unavailable[kind] = "`\(kind.keyword)` needs models.\(kind.rawValue) in parley.yaml (an OpenAI-compatible endpoint; see docs/meaning.md)"
                continue
            }
            do throws(InvalidInput) {
                let values = try renderer.render(endpoint.settings)
                func text(_ key: String) -> String? {
                    guard case .string(let value)? = values[key], !value.isEmpty else { return nil }
                    return value
                }
                guard let url = text("url"), let model = text("model") else {
                    unavailable[kind] = "models.\(kind.rawValue) has an empty url or model"
                    continue
                }
                let apiKey = text("api_key")
                if let apiKey { renderer.noteSecret(apiKey) }
                settings[kind] = ModelSettings(
                    url: url, model: model, apiKey: apiKey, timeout: endpoint.timeout ?? ModelEndpoint.defaultTimeout,
                    retries: endpoint.retries ?? ModelEndpoint.defaultRetries, prompt: text("prompt"))
            } catch {
                unavailable[kind] = "models.\(kind.rawValue) is not configured on this machine: \(error.message)"
            }
        }
        guard !settings.isEmpty else { return }
        var cache: ModelCache?
        if useCache {
            let directory = projectPath.map { ($0 as NSString).deletingLastPathComponent } ?? "."
            let folder = models?.cache ?? ModelsConfig.defaultCache
            cache = ModelCache(folder: URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).standardizedFileURL)
        }
        resolver = ModelResolver(http: resources.httpClient, embeddings: settings[.embeddings], judge: settings[.judge], cache: cache)
    }

    /// Why `flow` cannot run here: the first model it needs that is unavailable, with where it is used.
    func skipReason(for flow: Flow) -> String? {
        let needed = MeaningUse.kinds(in: flow.steps).sorted { $0.key.rawValue < $1.key.rawValue }
        for (kind, location) in needed {
            if let reason = unavailable[kind] { return "\(reason) (\(kind.keyword) at \(location))" }
        }
        return nil
    }
}
