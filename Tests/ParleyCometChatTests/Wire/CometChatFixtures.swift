import ParleyCore
import ParleyModel

/// Literal frames in the wire contract's shapes: the user `cometchat-uid-1` talks to the agent
/// `ai-agent-uid` (seed 000/001) in app `app1`; runs are keyed by the user's message id.
enum F {
    static let user = "cometchat-uid-1"
    static let agent = "ai-agent-uid"
    static let conversation = "ai-agent-uid_user_cometchat-uid-1"

    /// A `streamed_message` frame of run `run` with `data` (a JSON object's members, without braces).
    static func streamed(_ type: String, run: String = "17", _ data: String = "") -> String {
        let members = #""runId":\#(run),"threadId":"\#(conversation)""# + (data.isEmpty ? "" : "," + data)
        return #"{"appId":"app1","receiver":"\#(user)","receiverType":"user","sender":"\#(agent)","deviceId":"parley-server","type":"streamed_message","body":{"type":"\#(type)","id":\#(run),"conversationId":"\#(conversation)","parentId":"","data":{\#(members)}}}"#
    }

    /// A `message` frame carrying `message` JSON.
    static func message(_ message: String) -> String {
        #"{"appId":"app1","receiver":"\#(user)","receiverType":"user","sender":"\#(agent)","deviceId":"parley-server","type":"message","body":\#(message)}"#
    }

    /// The entities block of a message the agent sent to the user.
    static let agentEntities =
        #""entities":{"sender":{"entity":{"uid":"ai-agent-uid","name":"Weather Bot","role":"@agentic"},"entityType":"user"},"receiver":{"entity":{"uid":"cometchat-uid-1","name":"Andrew","role":"default"},"entityType":"user"}}"#

    // MARK: - The weather run (seed 001's weather lookup, §2's getWeather)

    static let weatherRun: [String] = [
        streamed("run_started", #""role":"assistant""#),
        streamed(
            "tool_call_start",
            #""toolCallId":"tc-1","toolCallName":"getWeather","displayName":"Get Weather","executionText":"Checking the weather…","arguments":"""#),
        streamed("tool_call_args", #""toolCallId":"tc-1","toolCallName":"getWeather","delta":"{\"city\":""#),
        streamed("tool_call_args", #""toolCallId":"tc-1","toolCallName":"getWeather","delta":"\"Mumbai\"}""#),
        streamed("tool_call_end", #""toolCallId":"tc-1","toolCallName":"getWeather","arguments":"{\"city\":\"Mumbai\"}""#),
        streamed(
            "tool_call_result", #""toolCallId":"tc-1","toolCallName":"getWeather","content":"{\"temp\":31,\"sky\":\"sunny\"}","role":"tool""#),
        streamed("text_message_start", #""streamMessageId":"sm-1","role":"assistant""#),
        streamed("text_message_content", #""streamMessageId":"sm-1","delta":"It is 31°C ""#),
        streamed("text_message_content", #""streamMessageId":"sm-1","delta":"and sunny in Mumbai.""#),
        streamed("text_message_end", #""streamMessageId":"sm-1","messageId":"20""#),
        streamed("run_finished"),
    ]

    static let toolArgumentsMessage = message(
        #"{"id":18,"conversationId":"\#(conversation)","sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","category":"agentic","type":"tool-arguments","sentAt":1767225600,"updatedAt":1767225600,"data":{"runId":17,"threadId":"\#(conversation)","toolCalls":[{"id":"tc-1","type":"function","displayName":"Get Weather","executionText":"Checking the weather…","function":{"name":"getWeather","arguments":"{\"city\":\"Mumbai\"}"}}],\#(agentEntities)}}"#)

    static let toolResultMessage = message(
        #"{"id":19,"conversationId":"\#(conversation)","sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","category":"agentic","type":"tool-result","sentAt":1767225600,"updatedAt":1767225600,"data":{"text":"{\"temp\":31,\"sky\":\"sunny\"}","toolCallId":"tc-1","runId":17,"threadId":"\#(conversation)",\#(agentEntities)}}"#)

    static let assistantMessage = message(
        #"{"id":20,"conversationId":"\#(conversation)","sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","category":"agentic","type":"assistant","sentAt":1767225601,"updatedAt":1767225601,"data":{"text":"It is 31°C and sunny in Mumbai.","runId":17,"threadId":"\#(conversation)",\#(agentEntities)}}"#)

    // MARK: - Cards (§3)

    /// §3's minimal valid card, literally.
    static let minimalCard =
        ##"{"version":"1.0","style":{"background":{"light":"#FFFFFF","dark":"#1C1C1E"}},"body":[{"id":"t1","type":"text","content":"Order #1234 shipped"}],"fallbackText":"Order #1234 shipped"}"##

    /// A card with a button in a row, a link and a chip.
    static let orderCard =
        ##"{"version":"1.0","style":{"background":{"light":"#FFFFFF","dark":"transparent"}},"body":[{"id":"title","type":"text","content":"Order #1234","variant":"heading2"},{"id":"actions","type":"row","items":[{"id":"track","type":"button","label":"Track","action":{"type":"openUrl","url":"https://example.com/track/1234"}},{"id":"cancel","type":"button","label":"Cancel","action":{"type":"apiCall","url":"https://api.example.com/orders/1234/cancel","headers":{"Authorization":"Bearer t"},"body":{"reason":"user"}}}]},{"id":"help","type":"link","text":"Help","action":{"type":"sendMessage","text":"I need help with order 1234"}},{"id":"copy","type":"chip","text":"#1234","action":{"type":"copyToClipboard","value":"1234"}}],"fallbackText":"Order #1234"}"##

    static func json(_ text: String) -> JSONValue {
        (try? JSONValue(parsing: text)) ?? .null
    }

    // MARK: - Interactive messages (seed 002)

    /// Seed 002's contact form, sent by the agent with muid `contact_form`.
    static let contactForm = message(
        #"{"id":30,"muid":"contact_form","conversationId":"\#(conversation)","sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","category":"interactive","type":"form","sentAt":1767225700,"updatedAt":1767225700,"data":{"interactiveData":{"title":"Contact Form","formFields":[{"elementId":"name_field","elementType":"textInput","label":"Name","optional":false},{"elementId":"country_dropdown","elementType":"dropdown","label":"Country","options":[{"label":"USA","value":"usa"},{"label":"UK","value":"uk"},{"label":"India","value":"india"}],"defaultValue":"usa"}],"submitElement":{"elementId":"submit_btn","elementType":"button","buttonText":"Submit","disableAfterInteracted":true,"action":{"actionType":"apiAction","url":"http://127.0.0.1:8767/actions","method":"POST"}},"goalCompletionText":"Thank you for submitting!"},"interactionGoal":{"type":"anyOf","elementIds":["submit_btn"]},"interactions":[],"allowSenderInteraction":true,\#(agentEntities)}}"#)

    /// Seed 002's product card: two urlNavigation buttons, goal anyOf both.
    static let productCard = message(
        #"{"id":31,"conversationId":"\#(conversation)","sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","category":"interactive","type":"card","data":{"interactiveData":{"title":"Product Card","subtitle":"Special Offer","text":"Check out this amazing product with 20% discount!","imageUrl":"https://example.com/product.png","cardActions":[{"elementId":"buy_btn","elementType":"button","buttonText":"Buy Now","action":{"actionType":"urlNavigation","url":"https://example.com/buy"}},{"elementId":"details_btn","elementType":"button","buttonText":"View Details","action":{"actionType":"urlNavigation","url":"https://example.com/details"}}]},"interactionGoal":{"type":"anyOf","elementIds":["buy_btn","details_btn"]},"allowSenderInteraction":true}}"#)

    /// Seed 002's scheduler (no goal given: the SDK default is none).
    static let scheduler = message(
        #"{"id":32,"muid":"meeting","conversationId":"\#(conversation)","sender":"ai-agent-uid","receiver":"cometchat-uid-1","receiverType":"user","category":"interactive","type":"scheduler","data":{"interactiveData":{"title":"Schedule a Meeting","duration":30,"bufferTime":5,"availability":{"monday":[{"from":"0900","to":"1200"}]},"scheduleElement":{"elementId":"schedule_btn","elementType":"button","buttonText":"Schedule","disableAfterInteracted":true,"action":{"actionType":"apiAction","url":"http://127.0.0.1:8767/actions"}},"goalCompletionText":"Meeting scheduled successfully!"},"allowSenderInteraction":true}}"#)

    /// Seed 002's group poll, in group `cometchat-guid-1`.
    static let groupPoll =
        #"{"appId":"app1","receiver":"cometchat-guid-1","receiverType":"group","sender":"ai-agent-uid","deviceId":"parley-server","type":"message","body":{"id":40,"muid":"poll","conversationId":"group_cometchat-guid-1","sender":"ai-agent-uid","receiver":"cometchat-guid-1","receiverType":"group","category":"interactive","type":"form","data":{"interactiveData":{"title":"Group Poll","formFields":[{"elementId":"poll_radio","elementType":"radio","label":"What's your favorite?","optional":false,"options":[{"label":"Option A","value":"a"},{"label":"Option B","value":"b"},{"label":"Option C","value":"c"}]}],"submitElement":{"elementId":"vote_btn","elementType":"button","buttonText":"Vote","disableAfterInteracted":true}},"interactionGoal":{"type":"anyAction","elementIds":[]},"allowSenderInteraction":true,\#(agentEntities)}}}"#

    /// The server's goal receipt for message `id`.
    static func interactionCompleted(_ id: Int, element: String) -> String {
        #"{"appId":"app1","receiver":"\#(user)","receiverType":"user","sender":"\#(user)","messageSender":"ai-agent-uid","deviceId":"parley-server","type":"interaction_completed","body":{"messageId":\#(id),"user":{"uid":"\#(user)"},"interactions":[{"elementId":"\#(element)","interactedAt":1767225800.5}]}}"#
    }
}
