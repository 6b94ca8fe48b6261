/// What a button's action did when the flow pressed it: an API call made (with its answer) or a
/// URL the user would have been sent to. Recorded so a flow can assert it.
public struct PerformedAction: Hashable, Sendable {
    /// The interactive message or card the button belongs to.
    public var messageID: String
    /// The button's element id.
    public var elementID: String
    /// The action's type as sent (`apiAction`, `urlNavigation`, `custom`, `deepLinking`…).
    public var type: String
    public var url: String?
    public var method: String?
    /// What was sent (an API call's body).
    public var payload: JSONValue?
    /// An API call's HTTP status.
    public var status: Int?
    /// An API call's answer, as JSON when it parses, else as text.
    public var response: JSONValue?
    /// Why the call failed, when it did not get an answer.
    public var error: String?

    /// Creates a record.
    public init(
        messageID: String, elementID: String, type: String, url: String? = nil, method: String? = nil, payload: JSONValue? = nil,
        status: Int? = nil, response: JSONValue? = nil, error: String? = nil
    ) {
        self.messageID = messageID
        self.elementID = elementID
        self.type = type
        self.url = url
        self.method = method
        self.payload = payload
        self.status = status
        self.response = response
        self.error = error
    }
}
