import ParleyModel

/// Collects a card's problems in one walk: the root, then every element with its nested ones.
struct CardChecker {
    private(set) var problems: [String] = []
    /// Where each element id was first seen, for uniqueness across the card.
    private var seenIDs: [String: String] = [:]

    mutating func checkRoot(_ card: JSONValue) {
        guard case .object(let members) = card else {
            problems.append("the card is not a JSON object")
            return
        }
        for member in members where !CometChatCardSchema.rootKeys.contains(member.key) {
            problems.append("\(JSONValue.quoted(member.key)) is not a card property")
        }
        switch card["version"] {
        case nil: problems.append("version is missing")
        case .string("1.0")?: break
        case let other?: problems.append("version must be the string \"1.0\", got \(other.compactText())")
        }
        switch card["body"] {
        case nil: problems.append("body is missing")
        case .array(let items)? where !items.isEmpty: break
        case .array?: problems.append("body must not be empty")
        case let other?: problems.append("body must be an array of elements, got \(describe(other))")
        }
        checkStyle(card["style"])
        switch card["fallbackText"] {
        case nil: problems.append("fallbackText is missing")
        case .string?: break
        case let other?: problems.append("fallbackText must be a string, got \(describe(other))")
        }
        // The root's problems first, then the elements', in document order.
        if let items = card.arrayMember("body") { checkElements(items, path: "body") }
    }

    private mutating func checkStyle(_ style: JSONValue?) {
        guard let style else { return problems.append("style is missing") }
        guard case .object(let members) = style else { return problems.append("style must be an object, got \(describe(style))") }
        for member in members where !CometChatCardSchema.styleKeys.contains(member.key) {
            problems.append("style: \(JSONValue.quoted(member.key)) is not a style property")
        }
        if style["background"] == nil { problems.append("style.background is missing") }
        for member in members {
            checkValue(key: member.key, member.value, field: "style.\(member.key)", where: nil, colorKeys: ["background", "borderColor"])
        }
    }

    private mutating func checkElements(_ items: [JSONValue], path: String) {
        for (index, element) in items.enumerated() { checkElement(element, path: "\(path)[\(index)]") }
    }

    private mutating func checkElement(_ element: JSONValue, path: String) {
        guard case .object(let members) = element else {
            return problems.append("\(path): an element must be an object, got \(describe(element))")
        }
        let type = element.stringMember("type")
        let id = element.stringMember("id")
        let label = [type, id.map(JSONValue.quoted)].compactMap { $0 }.joined(separator: " ")
        let here = label.isEmpty ? path : "\(path) (\(label))"
        if let id {
            if let first = seenIDs[id] {
                problems.append("\(here): id \(JSONValue.quoted(id)) is already used by \(first)")
            } else {
                seenIDs[id] = path
            }
        } else {
            problems.append(element["id"] == nil ? "\(here): id is missing" : "\(here): id must be a string")
        }
        guard let type else {
            return problems.append(element["type"] == nil ? "\(here): type is missing" : "\(here): type must be a string")
        }
        guard let rule = CardElementRule.byType[type] else {
            let known = CardElementRule.byType.keys.sorted().joined(separator: ", ")
            return problems.append("\(here): unknown type \(JSONValue.quoted(type)); the types are \(known)")
        }
        for member in members where member.key != "id" && member.key != "type" && !rule.allowed.contains(member.key) {
            problems.append("\(here): \(JSONValue.quoted(member.key)) is not a property of \(type)")
        }
        for (key, kind) in rule.required { checkRequired(element[key], kind, field: key, where: here) }
        checkSpecifics(type, element, where: here, path: path)
        for member in members where rule.allowed.contains(member.key) {
            checkValue(key: member.key, member.value, field: member.key, where: here, colorKeys: CardElementRule.colorKeys)
        }
        for key in rule.children {
            if case .array(let items)? = element[key] { checkElements(items, path: "\(path).\(key)") }
        }
    }

    /// Rules that are more than "key present": icon's name-or-url, progress 0–100, tabs' shape.
    private mutating func checkSpecifics(_ type: String, _ element: JSONValue, where here: String, path: String) {
        switch type {
        case "icon":
            if element["name"] == nil && element["url"] == nil { problems.append("\(here): name or url is required") }
        case "progressBar":
            if let value = element.numberMember("value"), !(0...100).contains(value) {
                problems.append("\(here): value must be between 0 and 100, got \(JSONValue.number(value).compactText())")
            }
        case "table":
            if let columns = element.arrayMember("columns"), columns.contains(where: { $0.stringText == nil }) {
                problems.append("\(here): columns must be strings")
            }
        case "tabs":
            guard case .array(let tabs)? = element["tabs"] else { return }
            for (index, tab) in tabs.enumerated() {
                let field = "tabs[\(index)]"
                guard case .object(let members) = tab else {
                    problems.append("\(here): \(field) must be an object with label and content")
                    continue
                }
                for member in members where member.key != "label" && member.key != "content" {
                    problems.append("\(here): \(field): \(JSONValue.quoted(member.key)) is not a property of a tab")
                }
                checkRequired(tab["label"], .string, field: "\(field).label", where: here)
                checkRequired(tab["content"], .elements, field: "\(field).content", where: here)
                if case .array(let items)? = tab["content"] { checkElements(items, path: "\(path).\(field).content") }
            }
        default:
            return
        }
    }

    private mutating func checkRequired(_ value: JSONValue?, _ kind: CardValueKind, field: String, where here: String) {
        guard let value else { return problems.append("\(here): \(field) is missing") }
        let fits: Bool
        let wanted: String
        switch (kind, value) {
        case (.string, .string): fits = true; wanted = ""
        case (.string, _): fits = false; wanted = "a string"
        case (.number, .number): fits = true; wanted = ""
        case (.number, _): fits = false; wanted = "a number"
        case (.object, .object): fits = true; wanted = ""
        case (.object, _): fits = false; wanted = "an object"
        case (.array, .array): fits = true; wanted = ""
        case (.array, _): fits = false; wanted = "an array"
        case (.nonEmptyArray, .array(let items)), (.elements, .array(let items)):
            fits = !items.isEmpty
            wanted = "a non-empty array"
        case (.nonEmptyArray, _), (.elements, _): fits = false; wanted = "a non-empty array"
        case (.present, _): fits = true; wanted = ""
        }
        if !fits {
            if case .array(let items) = value, items.isEmpty {
                problems.append("\(here): \(field) must not be empty")
            } else {
                problems.append("\(here): \(field) must be \(wanted), got \(describe(value))")
            }
        }
    }

    /// Checks an allowed key's value where the schema shapes it: colors, icons, padding, actions.
    private mutating func checkValue(key: String, _ value: JSONValue, field: String, where here: String?, colorKeys: Set<String>) {
        let prefix = here.map { "\($0): " } ?? ""
        if colorKeys.contains(key) {
            checkColor(value, field: field, prefix: prefix)
        } else if CardElementRule.iconKeys.contains(key) {
            checkIcon(value, field: field, prefix: prefix)
        } else if CardElementRule.paddingKeys.contains(key) {
            checkPadding(value, field: field, prefix: prefix)
        } else if key == "action" {
            checkAction(value, prefix: prefix)
        }
    }

    private mutating func checkColor(_ value: JSONValue, field: String, prefix: String) {
        guard case .object(let members) = value else {
            return problems.append("\(prefix)\(field) must be a {light, dark} color object, got \(describe(value))")
        }
        for member in members where member.key != "light" && member.key != "dark" {
            problems.append("\(prefix)\(field): \(JSONValue.quoted(member.key)) is not a color side (light, dark)")
        }
        for side in ["light", "dark"] {
            guard let color = value[side] else {
                problems.append("\(prefix)\(field).\(side) is missing")
                continue
            }
            if !Self.isColor(color) {
                problems.append("\(prefix)\(field).\(side) must be \"#RRGGBB\" or \"transparent\", got \(color.compactText())")
            }
        }
    }

    /// `#RRGGBB` (hex digits of either case) or `transparent`.
    static func isColor(_ value: JSONValue) -> Bool {
        guard case .string(let text) = value else { return false }
        if text == "transparent" { return true }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 7, scalars[0] == "#" else { return false }
        return scalars.dropFirst().allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) }
    }

    private mutating func checkIcon(_ value: JSONValue, field: String, prefix: String) {
        guard case .object(let members) = value else {
            return problems.append("\(prefix)\(field) must be an icon object {name, url}, got \(describe(value))")
        }
        for member in members where member.key != "name" && member.key != "url" {
            problems.append("\(prefix)\(field): \(JSONValue.quoted(member.key)) is not a property of an icon")
        }
        if value["name"] == nil && value["url"] == nil { problems.append("\(prefix)\(field) needs a name or a url") }
    }

    private mutating func checkPadding(_ value: JSONValue, field: String, prefix: String) {
        switch value {
        case .number: return
        case .object(let members):
            for member in members {
                if !["top", "right", "bottom", "left"].contains(member.key) {
                    problems.append("\(prefix)\(field): \(JSONValue.quoted(member.key)) is not a side (top, right, bottom, left)")
                } else if case .number = member.value {
                    continue
                } else {
                    problems.append("\(prefix)\(field).\(member.key) must be a number")
                }
            }
        default:
            problems.append("\(prefix)\(field) must be a number or {top, right, bottom, left}, got \(describe(value))")
        }
    }

    private mutating func checkAction(_ action: JSONValue, prefix: String) {
        guard case .object(let members) = action else {
            return problems.append("\(prefix)action must be an object, got \(describe(action))")
        }
        guard let type = action.stringMember("type") else {
            return problems.append(action["type"] == nil ? "\(prefix)action.type is missing" : "\(prefix)action.type must be a string")
        }
        guard let rule = CardActionRule.byType[type] else {
            let known = CardActionRule.byType.keys.sorted().joined(separator: ", ")
            return problems.append("\(prefix)action.type \(JSONValue.quoted(type)) is not an action; the actions are \(known)")
        }
        for member in members where member.key != "type" && !rule.allowed.contains(member.key) {
            problems.append("\(prefix)action: \(JSONValue.quoted(member.key)) is not a property of \(type)")
        }
        for key in rule.required {
            switch action[key] {
            case nil: problems.append("\(prefix)action.\(key) is missing")
            case .string?: break
            case let other?: problems.append("\(prefix)action.\(key) must be a string, got \(describe(other))")
            }
        }
        switch type {
        case "openUrl":
            if let openIn = action["openIn"], openIn != "browser", openIn != "webview" {
                problems.append("\(prefix)action.openIn must be \"browser\" or \"webview\", got \(openIn.compactText())")
            }
        case "initiateCall":
            if let callType = action.stringMember("callType"), callType != "audio", callType != "video" {
                problems.append("\(prefix)action.callType must be \"audio\" or \"video\", got \(JSONValue.quoted(callType))")
            }
            if action["uid"] == nil && action["guid"] == nil { problems.append("\(prefix)action needs a uid or a guid to call") }
        case "apiCall":
            if let method = action["method"], !CardActionRule.methods.contains(action.stringMember("method") ?? "") {
                problems.append("\(prefix)action.method must be one of GET, POST, PUT, DELETE, got \(method.compactText())")
            }
            switch action["headers"] {
            case nil: break
            case .object(let pairs)?:
                for pair in pairs where pair.value.stringText == nil {
                    problems.append("\(prefix)action.headers.\(pair.key) must be a string")
                }
            case let other?:
                problems.append("\(prefix)action.headers must be an object, got \(describe(other))")
            }
            if let body = action["body"], !body.isJSONObject { problems.append("\(prefix)action.body must be an object, got \(describe(body))") }
        default:
            return
        }
    }

    /// A value's JSON type, for messages: `a string`, `an array`…
    private func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
