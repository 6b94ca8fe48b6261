import ParleyCometChat
import ParleyModel
import Testing

/// The card schema v1.0 checks (protocols/cometchat.md §3).
@Suite("CometChat card schema")
struct CardSchemaTests {
    static func problems(_ card: String) -> [String] {
        CometChatCardSchema.problems(in: F.json(card))
    }

    /// A valid card around `body` (the elements' JSON, without brackets).
    static func card(_ body: String) -> String {
        ##"{"version":"1.0","style":{"background":{"light":"#FFFFFF","dark":"#1C1C1E"}},"body":[\##(body)],"fallbackText":"x"}"##
    }

    @Test func theMinimalCardAndTheOrderCardAreValid() {
        #expect(Self.problems(F.minimalCard) == [])
        #expect(Self.problems(F.orderCard) == [])
    }

    @Test func theRootsRequiredKeysTypesAndNoExtraKeys() {
        #expect(Self.problems("[]") == ["the card is not a JSON object"])
        #expect(Self.problems("{}") == ["version is missing", "body is missing", "style is missing", "fallbackText is missing"])
        #expect(
            Self.problems(##"{"version":1,"body":[],"style":{"background":{"light":"#FFFFFF","dark":"#000000"}},"fallbackText":2,"title":"t"}"##) == [
                #""title" is not a card property"#, #"version must be the string "1.0", got 1"#, "body must not be empty",
                "fallbackText must be a string, got a number",
            ])
        #expect(
            Self.problems(#"{"version":"1.0","body":{},"style":"white","fallbackText":"x"}"#) == [
                "body must be an array of elements, got an object", "style must be an object, got a string",
            ])
    }

    @Test func theStylesBackgroundIsRequiredAndColorsAreChecked() {
        #expect(
            Self.problems(#"{"version":"1.0","body":[{"id":"t","type":"text","content":"c"}],"style":{"borderRadius":8,"shadow":1},"fallbackText":"x"}"#)
                == [#"style: "shadow" is not a style property"#, "style.background is missing"])
        #expect(
            Self.problems(##"{"version":"1.0","body":[{"id":"t","type":"text","content":"c"}],"style":{"background":{"light":"#FFF","dark":"black","dim":"#000000"}},"fallbackText":"x"}"##)
                == [
                    #"style.background: "dim" is not a color side (light, dark)"#, ##"style.background.light must be "#RRGGBB" or "transparent", got "#FFF""##,
                    ##"style.background.dark must be "#RRGGBB" or "transparent", got "black""##,
                ])
        #expect(
            Self.problems(Self.card(##"{"id":"t","type":"text","content":"c","color":{"light":"#abcdef"}}"##))
                == [#"body[0] (text "t"): color.dark is missing"#])
    }

    @Test func elementsNeedAUniqueIdAKnownTypeTheirRequiredFieldsAndNoExtraKeys() {
        #expect(
            Self.problems(
                Self.card(
                    #"{"type":"text","content":"a"},{"id":"a","type":"text"},{"id":"a","type":"carousel"},{"id":"b","type":"image","url":"u","caption":"c"},{"id":"c","type":"spacer","height":"big"}"#
                )) == [
                    "body[0] (text): id is missing", #"body[1] (text "a"): content is missing"#,
                    #"body[2] (carousel "a"): id "a" is already used by body[1]"#,
                    #"body[2] (carousel "a"): unknown type "carousel"; the types are accordion, avatar, badge, button, chip, codeBlock, column, divider, grid, icon, iconButton, image, link, markdown, progressBar, row, spacer, table, tabs, text"#,
                    #"body[3] (image "b"): "caption" is not a property of image"#, #"body[4] (spacer "c"): height must be a number, got a string"#,
                ])
    }

    @Test func actionsNeedAKnownTypeAndTheirFields() {
        func action(_ json: String) -> [String] {
            Self.problems(Self.card(#"{"id":"buy","type":"button","label":"Buy","action":\#(json)}"#))
        }
        #expect(action(#"{"type":"openUrl"}"#) == [#"body[0] (button "buy"): action.url is missing"#])
        #expect(action(#"{"type":"openUrl","url":"u","openIn":"tab"}"#) == [#"body[0] (button "buy"): action.openIn must be "browser" or "webview", got "tab""#])
        #expect(action(#"{"type":"chatWithUser"}"#) == [#"body[0] (button "buy"): action.uid is missing"#])
        #expect(action(#"{"type":"chatWithGroup"}"#) == [#"body[0] (button "buy"): action.guid is missing"#])
        #expect(action(#"{"type":"sendMessage","text":"hi","receiverUid":"sam"}"#) == [])
        #expect(action(#"{"type":"copyToClipboard","value":3}"#) == [#"body[0] (button "buy"): action.value must be a string, got a number"#])
        #expect(action(#"{"type":"downloadFile","url":"u","filename":"f"}"#) == [])
        #expect(
            action(#"{"type":"initiateCall","callType":"fax"}"#) == [
                #"body[0] (button "buy"): action.callType must be "audio" or "video", got "fax""#, #"body[0] (button "buy"): action needs a uid or a guid to call"#,
            ])
        #expect(action(#"{"type":"initiateCall","callType":"audio","guid":"g"}"#) == [])
        #expect(
            action(#"{"type":"apiCall","url":"u","method":"PATCH","headers":{"a":1},"body":[]}"#) == [
                #"body[0] (button "buy"): action.method must be one of GET, POST, PUT, DELETE, got "PATCH""#,
                #"body[0] (button "buy"): action.headers.a must be a string"#, #"body[0] (button "buy"): action.body must be an object, got an array"#,
            ])
        #expect(action(#"{"type":"customCallback","data":1}"#) == [#"body[0] (button "buy"): action: "data" is not a property of customCallback"#])
        #expect(action(#"{"type":"navigate"}"#).first?.hasPrefix(#"body[0] (button "buy"): action.type "navigate" is not an action"#) == true)
        #expect(action(#""go""#) == [#"body[0] (button "buy"): action must be an object, got a string"#])
        #expect(Self.problems(Self.card(#"{"id":"buy","type":"button","label":"Buy"}"#)) == [#"body[0] (button "buy"): action is missing"#])
    }

    @Test func nestedElementsAreCheckedWithTheirPaths() {
        let card = Self.card(
            #"{"id":"r","type":"row","items":[{"id":"b1","type":"button","label":"A","action":{"type":"openUrl"}}]},{"id":"acc","type":"accordion","header":"More","body":[{"id":"m","type":"markdown"}]},{"id":"tb","type":"tabs","tabs":[{"label":"One","content":[{"id":"b1","type":"badge","text":"x"}]},{"content":[]}]},{"id":"g","type":"grid","items":[]}"#
        )
        #expect(
            Self.problems(card) == [
                #"body[0].items[0] (button "b1"): action.url is missing"#, #"body[1].body[0] (markdown "m"): content is missing"#,
                #"body[2].tabs[0].content[0] (badge "b1"): id "b1" is already used by body[0].items[0]"#,
                #"body[2] (tabs "tb"): tabs[1].label is missing"#, #"body[2] (tabs "tb"): tabs[1].content must not be empty"#,
                #"body[3] (grid "g"): items must not be empty"#,
            ])
    }

    @Test func iconsPaddingTablesAndProgress() {
        #expect(Self.problems(Self.card(#"{"id":"i","type":"icon"}"#)) == [#"body[0] (icon "i"): name or url is required"#])
        #expect(
            Self.problems(Self.card(#"{"id":"i","type":"iconButton","icon":{"glyph":"x"},"action":{"type":"customCallback"}}"#)) == [
                #"body[0] (iconButton "i"): icon: "glyph" is not a property of an icon"#, #"body[0] (iconButton "i"): icon needs a name or a url"#,
            ])
        #expect(
            Self.problems(Self.card(#"{"id":"t","type":"text","content":"c","padding":{"top":4,"middle":2}}"#))
                == [#"body[0] (text "t"): padding: "middle" is not a side (top, right, bottom, left)"#])
        #expect(
            Self.problems(Self.card(#"{"id":"t","type":"table","columns":["A",1],"rows":[["x"]]}"#)) == [#"body[0] (table "t"): columns must be strings"#])
        #expect(
            Self.problems(Self.card(#"{"id":"p","type":"progressBar","value":120}"#)) == [#"body[0] (progressBar "p"): value must be between 0 and 100, got 120"#])
    }

    @Test func pressableElementsAreFoundInDocumentOrderNestedIncluded() {
        let found = CometChatCardSchema.pressableElements(in: F.json(F.orderCard))
        #expect(found.map(\.id) == ["track", "cancel", "help", "copy"])
        #expect(found.map(\.type) == ["button", "button", "link", "chip"])
        #expect(found.map(\.path) == ["body[1].items[0]", "body[1].items[1]", "body[2]", "body[3]"])
        #expect(found.first?.label == "Track")
        #expect(found.first?.action["type"] == "openUrl")
        // A chip without an action is not pressable.
        let chip = F.json(Self.card(#"{"id":"c","type":"chip","text":"tag"}"#))
        #expect(CometChatCardSchema.pressableElements(in: chip) == [])
    }
}
