/// One setting a connector or plugin reads: declared once, used by the parser ("unknown key",
/// "did you mean", required keys), by `parley schema` (editor completion and hover text), and
/// by the runner (which values to mask, which become request headers).
public struct SettingDeclaration: Hashable, Sendable {
    /// The key in parley.yaml: `url`, `connector_token`.
    public var key: String
    public var type: SettingType
    /// Whether an agent or plugin entry must write it.
    public var isRequired: Bool
    /// A credential: masked in every output even when written literally, not only as `${secret.X}`.
    public var isSecret: Bool
    /// The request header the value travels in, if any: a value a header cannot carry (a line
    /// break from a token file) is refused before anything is sent, naming the secret.
    public var header: String?
    /// One sentence for editors and `parley schema`.
    public var description: String

    /// Declares a setting.
    public init(
        _ key: String, _ type: SettingType, required: Bool = false, secret: Bool = false, header: String? = nil, _ description: String
    ) {
        self.key = key
        self.type = type
        isRequired = required
        isSecret = secret
        self.header = header
        self.description = description
    }
}
