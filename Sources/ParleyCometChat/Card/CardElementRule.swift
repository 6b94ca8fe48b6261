/// What the card schema v1.0 allows on one element type: the keys it may carry (besides `id` and
/// `type`) and the ones it must. From CometChat's published Draft-07 schema
/// (`https://schema.cometchat.com/card/v1.0`, which protocols/cometchat.md §3 summarizes); every
/// element there is `additionalProperties: false`, so keys outside `allowed` are problems.
struct CardElementRule: Sendable {
    /// Keys the element may carry besides `id` and `type`.
    var allowed: Set<String>
    /// Keys it must carry, with the kind of value each needs.
    var required: [(key: String, value: CardValueKind)]
    /// Keys holding nested element arrays, walked recursively.
    var children: [String]

    init(_ allowed: [String], required: [(String, CardValueKind)] = [], children: [String] = []) {
        self.allowed = Set(allowed)
        self.required = required.map { (key: $0.0, value: $0.1) }
        self.children = children
    }

    /// The element types of schema v1.0 and their rules.
    static let byType: [String: CardElementRule] = [
        "text": CardElementRule(
            ["content", "variant", "color", "align", "fontWeight", "maxLines", "padding"], required: [("content", .string)]),
        "markdown": CardElementRule(["content", "baseFontSize", "linkColor", "color", "lineHeight"], required: [("content", .string)]),
        "image": CardElementRule(["url", "altText", "fit", "width", "height", "borderRadius", "padding"], required: [("url", .string)]),
        // `name` or `url`: checked on its own.
        "icon": CardElementRule(["name", "url", "size", "color", "backgroundColor", "borderRadius", "padding"]),
        "avatar": CardElementRule(["imageUrl", "fallbackInitials", "size", "borderRadius", "backgroundColor", "fontSize", "fontWeight"]),
        "badge": CardElementRule(
            ["text", "color", "size", "backgroundColor", "borderColor", "borderWidth", "borderRadius", "padding", "fontSize"],
            required: [("text", .string)]),
        // The published schema has no chip `action`, but §3 and the docs' prose give chips one.
        "chip": CardElementRule(
            ["text", "color", "icon", "backgroundColor", "borderColor", "borderWidth", "borderRadius", "padding", "fontSize", "action"],
            required: [("text", .string)]),
        "codeBlock": CardElementRule(
            [
                "content", "language", "backgroundColor", "textColor", "padding", "borderRadius", "fontSize", "languageLabelFontSize",
                "languageLabelColor",
            ], required: [("content", .string)]),
        "divider": CardElementRule(["color", "thickness", "margin"]),
        "spacer": CardElementRule(["height"], required: [("height", .number)]),
        "row": CardElementRule(
            [
                "items", "gap", "align", "crossAlign", "wrap", "scrollable", "peek", "snap", "padding", "backgroundColor", "borderRadius",
                "borderColor", "borderWidth",
            ], required: [("items", .elements)], children: ["items"]),
        "column": CardElementRule(
            ["items", "gap", "align", "crossAlign", "padding", "backgroundColor", "borderRadius", "borderColor", "borderWidth"],
            required: [("items", .elements)], children: ["items"]),
        "grid": CardElementRule(
            ["items", "columns", "gap", "padding", "backgroundColor", "borderRadius", "borderColor", "borderWidth"],
            required: [("items", .elements)], children: ["items"]),
        "accordion": CardElementRule(
            ["header", "headerIcon", "body", "expandedByDefault", "border", "padding", "fontSize", "fontWeight", "borderRadius"],
            required: [("header", .string), ("body", .elements)], children: ["body"]),
        // Each tab's `content` is walked by the checker, which knows the tab shape.
        "tabs": CardElementRule(
            ["tabs", "defaultActiveTab", "tabAlign", "tabPadding", "contentPadding", "fontSize"], required: [("tabs", .nonEmptyArray)]),
        "button": CardElementRule(
            [
                "label", "action", "backgroundColor", "textColor", "icon", "iconPosition", "size", "fullWidth", "borderColor",
                "borderWidth", "borderRadius", "padding", "fontSize",
            ], required: [("label", .string), ("action", .present)]),
        "iconButton": CardElementRule(
            ["icon", "action", "size", "color", "backgroundColor", "borderRadius"], required: [("icon", .present), ("action", .present)]),
        "link": CardElementRule(["text", "action", "color", "underline", "fontSize"], required: [("text", .string), ("action", .present)]),
        "table": CardElementRule(
            [
                "columns", "rows", "headerBackgroundColor", "border", "stripedRows", "cellPadding", "fontSize", "stripedRowColor",
                "borderColor",
            ], required: [("columns", .nonEmptyArray), ("rows", .array)]),
        "progressBar": CardElementRule(
            ["value", "color", "trackColor", "height", "label", "borderRadius", "labelFontSize", "labelColor"],
            required: [("value", .number)]),
    ]

    /// Keys whose value is a `{light, dark}` color wherever they appear.
    static let colorKeys: Set<String> = [
        "color", "backgroundColor", "borderColor", "textColor", "trackColor", "linkColor", "labelColor", "languageLabelColor",
        "headerBackgroundColor", "stripedRowColor",
    ]

    /// Keys whose value is an icon reference (`{name?, url?}`, at least one).
    static let iconKeys: Set<String> = ["icon", "headerIcon"]

    /// Keys whose value is padding (a number, or `{top, right, bottom, left}`); an icon's
    /// `padding` is a plain number, checked as padding too (a number passes).
    static let paddingKeys: Set<String> = ["padding", "tabPadding", "contentPadding"]
}

/// The kind of value a required key needs.
enum CardValueKind: Sendable {
    case string, number, object, array, nonEmptyArray
    /// A non-empty array of elements.
    case elements
    /// Any value: its shape is checked where the key is (actions, icons).
    case present
}
