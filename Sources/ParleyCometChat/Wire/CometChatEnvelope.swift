import ParleyModel

/// The envelope every server event shares (`CometChatEvent`): who it is from and to, and the frame
/// type. Fields other than `type` may be missing; they are informational.
public struct CometChatEnvelope: Hashable, Sendable {
    public var type: String
    public var appID: String?
    public var receiver: String?
    public var receiverType: String?
    public var sender: String?
    public var deviceID: String?

    /// Creates an envelope.
    public init(
        type: String, appID: String? = nil, receiver: String? = nil, receiverType: String? = nil, sender: String? = nil,
        deviceID: String? = nil
    ) {
        self.type = type
        self.appID = appID
        self.receiver = receiver
        self.receiverType = receiverType
        self.sender = sender
        self.deviceID = deviceID
    }

    /// Reads the envelope of a frame whose `type` is known to be a string.
    init(frame: JSONValue, type: String) {
        self.init(
            type: type, appID: frame.stringMember("appId"), receiver: frame.stringMember("receiver"),
            receiverType: frame.stringMember("receiverType"), sender: frame.stringMember("sender"),
            deviceID: frame.stringMember("deviceId"))
    }
}
