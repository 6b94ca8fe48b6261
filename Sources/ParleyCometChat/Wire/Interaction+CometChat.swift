import ParleyModel

extension Interaction {
    /// Reads `[{"elementId","interactedAt"}]`; entries without a string `elementId` are skipped.
    static func list(_ value: JSONValue?) -> [Interaction] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { item in
            guard let id = item.stringMember("elementId") else { return nil }
            return Interaction(elementID: id, interactedAt: item.numberMember("interactedAt") ?? 0)
        }
    }
}
