/// One endpoint of `models:`, rendered: what a request needs.
public struct ModelSettings: Hashable, Sendable {
    /// The API's base URL, up to and including `/v1`.
    public var url: String
    /// The model's name.
    public var model: String
    /// Sent as a bearer token when set.
    public var apiKey: String?
    /// The longest one request may take.
    public var timeout: Duration
    /// Requests made again after a failure worth retrying.
    public var retries: Int
    /// The judge's instructions, replacing ``JudgePrompt/standard``.
    public var prompt: String?

    /// Creates settings.
    public init(url: String, model: String, apiKey: String? = nil, timeout: Duration = .seconds(30), retries: Int = 2, prompt: String? = nil) {
        self.url = url
        self.model = model
        self.apiKey = apiKey
        self.timeout = timeout
        self.retries = retries
        self.prompt = prompt
    }

    /// `path` under the base URL (`embeddings`, `chat/completions`).
    func endpoint(_ path: String) -> String {
        (url.hasSuffix("/") ? String(url.dropLast()) : url) + "/" + path
    }
}
