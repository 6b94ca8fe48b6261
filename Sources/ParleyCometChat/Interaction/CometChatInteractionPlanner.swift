import ParleyModel

/// Plans a flow's `submit`, `click` and `schedule` the way CometChat's UI kit performs them: the
/// pressed element's action first (an API call, or a navigation Parley only records), then, for
/// interactive messages, the PATCH that marks the interaction. Refuses what the UI kit would not
/// let a user do. Pure: the session performs the steps.
public struct CometChatInteractionPlanner: Sendable {
    /// The app id and region that go into every `apiAction` body.
    public var appID: String
    public var region: String

    /// Creates a planner.
    public init(appID: String, region: String) {
        self.appID = appID
        self.region = region
    }

    /// The steps for `action` on what `conversation` received. `meeting` is the resolved slot of a
    /// `schedule` (ignored otherwise).
    public func plan(
        _ action: UserAction, in conversation: CometChatConversation, meeting: CometChatMeeting? = nil
    ) -> Result<[CometChatInteractionStep], CometChatRefusal> {
        Result { () throws(CometChatRefusal) in try steps(action, conversation, meeting) }
    }

    private func steps(
        _ action: UserAction, _ conversation: CometChatConversation, _ meeting: CometChatMeeting?
    ) throws(CometChatRefusal) -> [CometChatInteractionStep] {
        let user = conversation.settings.user
        switch action {
        case .submit(let formID, let values, let button):
            let verb = "submit \(JSONValue.quoted(formID))"
            let form = try interactive(formID, in: conversation, verb: verb)
            guard form.kind == .form else { throw CometChatRefusal("\(verb): \(Self.describe(form)) is not a form") }
            let submitID = form.interactiveData.objectMember("submitElement")?.stringMember("elementId")
            guard let elementID = button.isEmpty ? submitID : button else {
                throw CometChatRefusal("\(verb): \(Self.describe(form)) has no submitElement and the step names no button")
            }
            let data = InteractiveElements.formData(values, form: form.interactiveData)
            return try press(elementID, of: form, user: user, submission: .form(data), verb: verb)
        case .click(let messageID, let elementID):
            let verb = "click \(JSONValue.quoted(elementID))"
            if let message = conversation.interactive(messageID) {
                let scheduleID = message.interactiveData.objectMember("scheduleElement")?.stringMember("elementId")
                if message.kind == .scheduler && elementID == scheduleID {
                    throw CometChatRefusal("\(verb): it is \(Self.describe(message))'s schedule button, which needs a slot: use a schedule step")
                }
                let submission: CometChatSubmission? =
                    message.kind == .form ? .form(InteractiveElements.formData([], form: message.interactiveData)) : nil
                return try press(elementID, of: message, user: user, submission: submission, verb: verb)
            }
            if let card = conversation.card(messageID) {
                return try press(elementID, ofCard: messageID, card, verb: verb)
            }
            throw Self.unknown(messageID, in: conversation, verb: verb)
        case .schedule(let messageID, let slot):
            let verb = "schedule \(JSONValue.quoted(slot))"
            let scheduler = try interactive(messageID, in: conversation, verb: verb)
            guard scheduler.kind == .scheduler else { throw CometChatRefusal("\(verb): \(Self.describe(scheduler)) is not a scheduler") }
            guard let meeting else { throw CometChatRefusal("\(verb): the slot was not resolved to a meeting time") }
            guard let elementID = scheduler.interactiveData.objectMember("scheduleElement")?.stringMember("elementId") else {
                throw CometChatRefusal("\(verb): \(Self.describe(scheduler)) has no scheduleElement")
            }
            return try press(
                elementID, of: scheduler, user: user, submission: .scheduler(meetStartAt: meeting.startAt, duration: meeting.duration), verb: verb)
        case .send, .tap, .respondTool, .resume, .typing, .end:
            throw CometChatRefusal("\(action.kind.rawValue) is not an interaction with a message; plan only submit, click and schedule")
        }
    }

    /// Presses button `elementID` of an interactive message: its action, then the PATCH.
    private func press(
        _ elementID: String, of message: CometChatInteractive, user: String, submission: CometChatSubmission?, verb: String
    ) throws(CometChatRefusal) -> [CometChatInteractionStep] {
        let buttons = InteractiveElements.buttons(in: message.interactiveData)
        guard let button = buttons.first(where: { $0.stringMember("elementId") == elementID }) else {
            let offered = buttons.compactMap { $0.stringMember("elementId") }
            let list = offered.isEmpty ? "it has no buttons" : "its buttons: " + offered.joined(separator: ", ")
            let other = InteractiveElements.all(in: message.interactiveData).first { $0.stringMember("elementId") == elementID }
            let what = other.map { " (\(JSONValue.quoted(elementID)) is a \($0.stringMember("elementType") ?? "field"), not a button)" } ?? ""
            throw CometChatRefusal("\(verb): \(Self.describe(message)) has no button \(JSONValue.quoted(elementID))\(what); \(list)")
        }
        if button.boolMember("enabled") == false {
            throw CometChatRefusal("\(verb): button \(JSONValue.quoted(elementID)) of \(Self.describe(message)) is disabled (enabled: false)")
        }
        if button.boolMember("disableAfterInteracted") == true, message.interactions.contains(where: { $0.elementID == elementID }) {
            throw CometChatRefusal(
                "\(verb): button \(JSONValue.quoted(elementID)) of \(Self.describe(message)) was already pressed and is disabled after interaction")
        }
        if message.message.sender == user, !message.allowSenderInteraction {
            throw CometChatRefusal(
                "\(verb): the user \(JSONValue.quoted(user)) sent \(Self.describe(message)), which does not allow sender interaction")
        }
        var steps: [CometChatInteractionStep] = []
        if let action = button.objectMember("action"), let type = action.nonEmptyStringMember("actionType") {
            if type == "apiAction" {
                guard let url = action.nonEmptyStringMember("url") else {
                    throw CometChatRefusal("\(verb): button \(JSONValue.quoted(elementID)) of \(Self.describe(message)) has an apiAction with no url")
                }
                let body = CometChatOutgoing.apiActionBody(
                    appID: appID, region: region, payload: action["payload"], message: message.message, interactedBy: user,
                    elementID: elementID, submission: submission)
                steps.append(
                    .call(
                        CometChatActionCall(
                            messageID: message.flowID, elementID: elementID, actionType: type,
                            method: action.nonEmptyStringMember("method") ?? "POST", url: url,
                            headers: CometChatActionCall.headers(action["headers"]), body: body)))
            } else {
                // urlNavigation, deepLinking, custom (customAction): nothing is sent; Parley records it.
                steps.append(
                    .record(
                        PerformedAction(
                            messageID: message.flowID, elementID: elementID, type: type, url: action.nonEmptyStringMember("url"),
                            payload: action["payload"])))
            }
        }
        steps.append(.markInteracted(messageID: message.message.id, flowID: message.flowID, elementID: elementID))
        return steps
    }

    private func interactive(
        _ flowID: String, in conversation: CometChatConversation, verb: String
    ) throws(CometChatRefusal) -> CometChatInteractive {
        guard let message = conversation.interactive(flowID) else { throw Self.unknown(flowID, in: conversation, verb: verb) }
        return message
    }

    /// `form "contact_form"`, `scheduler "17"`.
    static func describe(_ message: CometChatInteractive) -> String {
        "\(message.message.type) \(JSONValue.quoted(message.flowID))"
    }

    static func unknown(_ id: String, in conversation: CometChatConversation, verb: String) -> CometChatRefusal {
        let offered = conversation.targetIDs
        let list = offered.isEmpty ? "it sent no interactive messages or cards" : "sent: " + offered.joined(separator: ", ")
        return CometChatRefusal("\(verb): the agent sent no interactive message or card \(JSONValue.quoted(id)); \(list)")
    }
}
