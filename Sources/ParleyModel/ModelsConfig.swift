/// `models:` in parley.yaml: the OpenAI-compatible endpoints the `similar` and `judge` matchers ask.
public struct ModelsConfig: Hashable, Sendable {
    /// `embeddings:`, a `/v1/embeddings` endpoint for `similar`.
    public var embeddings: ModelEndpoint?
    /// `judge:`, a `/v1/chat/completions` endpoint for `judge`.
    public var judge: ModelEndpoint?
    /// `cache:`, the folder answers are kept in, relative to parley.yaml; nil: `.parley/cache/models`.
    public var cache: String?
    /// Where `models:` was written.
    public var location: SourceLocation

    /// Creates a models section.
    public init(embeddings: ModelEndpoint? = nil, judge: ModelEndpoint? = nil, cache: String? = nil, location: SourceLocation) {
        self.embeddings = embeddings
        self.judge = judge
        self.cache = cache
        self.location = location
    }

    /// The endpoint a kind of matcher asks.
    public func endpoint(for kind: MeaningKind) -> ModelEndpoint? {
        switch kind {
        case .embeddings: return embeddings
        case .judge: return judge
        }
    }

    /// The folder answers are cached in when `cache:` is not written, relative to parley.yaml.
    public static let defaultCache = ".parley/cache/models"
}

/// One model endpoint: its settings as written (rendered at run time, so `${secret.X}` works).
public struct ModelEndpoint: Hashable, Sendable {
    /// `url`, `model`, `api_key` and, for the judge, `prompt`, as written.
    public var settings: [Assignment]
    /// `timeout:` per request; nil: ``defaultTimeout``.
    public var timeout: Duration?
    /// `retries:` after a failed request (a time-out, a refused connection, a 429 or 5xx); nil: ``defaultRetries``.
    public var retries: Int?
    /// Where it was written.
    public var location: SourceLocation

    /// Creates an endpoint.
    public init(settings: [Assignment], timeout: Duration? = nil, retries: Int? = nil, location: SourceLocation) {
        self.settings = settings
        self.timeout = timeout
        self.retries = retries
        self.location = location
    }

    /// A setting as written.
    public func setting(_ key: String) -> ValueTemplate? {
        settings.first { $0.name == key }?.value
    }

    public static let defaultTimeout: Duration = .seconds(30)
    public static let defaultRetries = 2

    /// The keys of an endpoint, with what each sets (for the parser and `parley schema`).
    public static func keys(for kind: MeaningKind) -> [(key: String, summary: String)] {
        var keys: [(String, String)] = [
            ("url", "The API's base URL, up to and including /v1, like http://127.0.0.1:11434/v1."),
            ("model", "The model's name, as the API knows it."),
            ("api_key", "Sent as `Authorization: Bearer …`; write it as ${secret.NAME}. Masked in every output."),
            ("timeout", "The longest one request may take, like 30s (default 30s)."),
            ("retries", "Requests made again after a time-out, a refused connection, a 429 or a 5xx (default 2)."),
        ]
        if kind == .judge {
            keys.append(("prompt", "The judge's instructions, replacing the built-in prompt; {{rubric}} and {{output}} are filled in."))
        }
        return keys
    }
}
