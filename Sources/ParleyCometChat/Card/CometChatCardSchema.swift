import ParleyModel

/// CometChat's card schema v1.0 (protocols/cometchat.md §3): what makes a card valid, and which
/// of its elements a user can press.
///
/// `style` is required: §3's table leaves it unmarked, but CometChat's published schema lists it
/// in the root's `required` (with `background` required inside it), and §3's minimal valid card
/// carries it.
public enum CometChatCardSchema {
    /// The root keys a card may carry.
    static let rootKeys: Set<String> = ["version", "body", "style", "fallbackText"]
    /// The keys a card's `style` may carry.
    static let styleKeys: Set<String> = ["background", "borderRadius", "borderColor", "borderWidth", "padding"]

    /// Everything wrong with `card`, each naming where: `body[2] (button "buy"): action.url is
    /// missing`. Empty for a valid card.
    public static func problems(in card: JSONValue) -> [String] {
        var checker = CardChecker()
        checker.checkRoot(card)
        return checker.problems
    }

    /// The elements a user can press (buttons, icon buttons, links and chips with an action), in
    /// document order, nested ones included.
    public static func pressableElements(in card: JSONValue) -> [CometChatCardElement] {
        var found: [CometChatCardElement] = []
        walk(card["body"], path: "body") { element, path in
            guard let id = element.stringMember("id"), let type = element.stringMember("type"),
                ["button", "iconButton", "link", "chip"].contains(type), let action = element.objectMember("action")
            else { return }
            found.append(
                CometChatCardElement(
                    id: id, type: type, label: element.stringMember("label") ?? element.stringMember("text"), action: action, path: path))
        }
        return found
    }

    /// Calls `visit` for every element object in `elements` and the elements nested in it
    /// (row/column/grid items, accordion body, tab contents), parents first.
    static func walk(_ elements: JSONValue?, path: String, _ visit: (JSONValue, String) -> Void) {
        guard case .array(let items)? = elements else { return }
        for (index, element) in items.enumerated() where element.isJSONObject {
            let here = "\(path)[\(index)]"
            visit(element, here)
            for key in ["items", "body"] { walk(element[key], path: "\(here).\(key)", visit) }
            if case .array(let tabs)? = element["tabs"] {
                for (tabIndex, tab) in tabs.enumerated() { walk(tab["content"], path: "\(here).tabs[\(tabIndex)].content", visit) }
            }
        }
    }
}

/// An element of a card a user can press.
public struct CometChatCardElement: Hashable, Sendable {
    public var id: String
    /// `button`, `iconButton`, `link` or `chip`.
    public var type: String
    /// The button's `label` or the link's or chip's `text`.
    public var label: String?
    /// The element's `action` object.
    public var action: JSONValue
    /// Where it sits: `body[1].items[0]`.
    public var path: String

    /// Creates an element.
    public init(id: String, type: String, label: String? = nil, action: JSONValue, path: String) {
        self.id = id
        self.type = type
        self.label = label
        self.action = action
        self.path = path
    }
}
