import ParleyModel

/// CometChat's card schema (`https://schema.cometchat.com/card/v1.0`): elements with `id` and
/// `type` in a `body` array, nested in row/column/grid `items`, accordion `header`/`body` and
/// tabs' `tabs[].content`.
public enum CardSchema {
    /// Element types a user presses; they count when they carry an `action`.
    public static let pressableTypes: Set<String> = ["button", "iconButton", "link", "chip"]

    /// The ids of a card's pressable elements (button, iconButton, link, chip with an `action`),
    /// in reading order, however deeply they are nested.
    public static func pressableIDs(in card: JSONValue) -> [String] {
        var ids: [String] = []
        collect(card["body"], into: &ids)
        return ids
    }

    /// Walks an element or a list of them.
    private static func collect(_ value: JSONValue?, into ids: inout [String]) {
        switch value {
        case .array(let items)?:
            for item in items { collect(item, into: &ids) }
        case .object?:
            guard let element = value else { return }
            if case .string(let type)? = element["type"], pressableTypes.contains(type), element["action"] != nil,
                case .string(let id)? = element["id"]
            {
                ids.append(id)
            }
            for key in ["items", "header", "body", "content"] { collect(element[key], into: &ids) }
            if case .array(let tabs)? = element["tabs"] {
                for tab in tabs { collect(tab["content"], into: &ids) }
            }
        case .null?, .bool?, .number?, .string?, nil:
            return
        }
    }
}
