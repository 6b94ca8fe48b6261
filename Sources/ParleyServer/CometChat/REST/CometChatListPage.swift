/// Which messages a list request asks for, as the REST API's paging names it: `id` and `affix`
/// (`append`: after the message, `prepend`: before it), and `limit` (at most 100 by default).
struct CometChatListPage: Hashable, Sendable {
    var id: Int?
    var append = true
    var limit: Int?

    /// The ids of `ordered` (oldest first) the page holds, oldest first.
    func select(_ ordered: [Int]) -> [Int] {
        guard let id else { return limit.map { Array(ordered.suffix($0)) } ?? ordered }
        let count = limit ?? 100
        return append ? Array(ordered.filter { $0 > id }.prefix(count)) : Array(ordered.filter { $0 < id }.suffix(count))
    }

    /// The page a query asks for, or why it is wrong (a 400).
    static func read(_ query: [String: String]) -> Result<Self, CometChatRestError> {
        var page = Self()
        if let text = query["id"] {
            guard let id = Int(text) else { return .failure(.badRequest("id must be a message id; got \(text).")) }
            page.id = id
        }
        switch query["affix"] {
        case nil, "append"?: page.append = true
        case "prepend"?: page.append = false
        case let other?: return .failure(.badRequest("affix must be append or prepend; got \(other)."))
        }
        if let text = query["limit"] {
            guard let limit = Int(text), (1...1000).contains(limit) else { return .failure(.badRequest("limit must be 1 to 1000; got \(text).")) }
            page.limit = limit
        }
        return .success(page)
    }
}
