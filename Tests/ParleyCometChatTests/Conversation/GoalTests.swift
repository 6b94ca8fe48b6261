import ParleyCometChat
import ParleyModel
import Testing

/// Goals: the server's `interaction_completed` and Parley's own reading of CometChat's rules.
@Suite("CometChat goals")
struct GoalTests {
    @Test func theServersReceiptIsAGoalOncePerMessageNamedAsFlowsNameIt() {
        var driver = ConversationDriver()
        driver.receive(F.contactForm)
        driver.clear()
        driver.receive(F.interactionCompleted(30, element: "submit_btn"))
        driver.receive(F.interactionCompleted(30, element: "submit_btn"))
        driver.receive(F.interactionCompleted(99, element: "x"))
        // Message 99 never reached this conversation: its goal is someone else's.
        #expect(driver.events == [.goalCompleted(messageID: "contact_form", source: .server)])
        #expect(driver.conversation.interactive("contact_form")?.interactions == [Interaction(elementID: "submit_btn", interactedAt: 1_767_225_800.5)])
    }

    @Test func aLocalGoalIsReportedTheFirstTimeItIsMet() {
        var driver = ConversationDriver()
        driver.receive([F.contactForm, F.productCard])
        var conversation = driver.conversation
        #expect(conversation.interacted(flowID: "contact_form", elementID: "name_field", interactedAt: 1) == [])
        #expect(conversation.interacted(flowID: "contact_form", elementID: "submit_btn", interactedAt: 2) == [.goalCompleted(messageID: "contact_form", source: .local)])
        #expect(conversation.interacted(flowID: "contact_form", elementID: "submit_btn", interactedAt: 3) == [])
        #expect(conversation.interacted(flowID: "31", elementID: "details_btn", interactedAt: 4) == [.goalCompleted(messageID: "31", source: .local)])
        #expect(conversation.interacted(flowID: "nope", elementID: "x", interactedAt: 5) == [])
        #expect(conversation.interactive("contact_form")?.interactions.map(\.elementID) == ["name_field", "submit_btn", "submit_btn"])
    }

    @Test func aSchedulerWithNoGoalNeverCompletesLocally() {
        var driver = ConversationDriver()
        driver.receive(F.scheduler)
        #expect(driver.conversation.interacted(flowID: "meeting", elementID: "schedule_btn", interactedAt: 1) == [])
    }

    @Test("CometChat's documented goal rules")
    func goalRules() {
        #expect(InteractionGoal(kind: .anyAction).isMet(by: ["a"]))
        #expect(!InteractionGoal(kind: .anyAction).isMet(by: []))
        #expect(InteractionGoal(kind: .anyOf, elementIDs: ["a", "b"]).isMet(by: ["b"]))
        #expect(!InteractionGoal(kind: .anyOf, elementIDs: ["a", "b"]).isMet(by: ["c"]))
        #expect(!InteractionGoal(kind: .anyOf).isMet(by: ["a"]))
        #expect(InteractionGoal(kind: .allOf, elementIDs: ["a", "b"]).isMet(by: ["b", "c", "a"]))
        #expect(!InteractionGoal(kind: .allOf, elementIDs: ["a", "b"]).isMet(by: ["a"]))
        #expect(!InteractionGoal(kind: .allOf).isMet(by: ["a"]))
        #expect(!InteractionGoal(kind: .none, elementIDs: ["a"]).isMet(by: ["a"]))
    }

    @Test func interactionsTheMessageCameWithCount() {
        var driver = ConversationDriver()
        driver.receive(
            F.message(
                #"{"id":33,"sender":"ai-agent-uid","category":"interactive","type":"card","data":{"interactiveData":{"cardActions":[{"elementId":"a","elementType":"button"},{"elementId":"b","elementType":"button"}]},"interactionGoal":{"type":"allOf","elementIds":["a","b"]},"interactions":[{"elementId":"a","interactedAt":10}]}}"#))
        #expect(driver.conversation.interacted(flowID: "33", elementID: "b", interactedAt: 11) == [.goalCompleted(messageID: "33", source: .local)])
    }
}
