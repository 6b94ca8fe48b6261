import ParleyModel

/// The JSON path subset flows use: `$`, `.key`, `['key']`, `[0]`, `[*]` and `.*`.
public struct JSONPath: Hashable, Sendable {
    enum Segment: Hashable, Sendable {
        case key(String)
        case index(Int)
        case wildcard
    }

    let segments: [Segment]

    /// Parses `path`, or returns nil when it is not in the subset.
    public init?(_ path: String) {
        var rest = Substring(path)
        guard rest.first == "$" else { return nil }
        rest = rest.dropFirst()
        var segments: [Segment] = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { return nil }
                segments.append(name == "*" ? .wildcard : .key(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                if inside == "*" {
                    segments.append(.wildcard)
                } else if let index = Int(inside) {
                    segments.append(.index(index))
                } else if inside.count >= 2, let quote = inside.first, quote == "'" || quote == "\"", inside.last == quote {
                    segments.append(.key(String(inside.dropFirst().dropLast())))
                } else {
                    return nil
                }
            } else {
                return nil
            }
        }
        self.segments = segments
    }

    /// Every value the path reaches in `root` (several with wildcards, none when it leads nowhere).
    public func select(in root: JSONValue) -> [JSONValue] {
        segments.reduce([root]) { values, segment in
            values.flatMap { value -> [JSONValue] in
                switch (segment, value) {
                case (.key(let key), .object): return value[key].map { [$0] } ?? []
                case (.index(let index), .array(let items)):
                    let position = index < 0 ? items.count + index : index
                    return items.indices.contains(position) ? [items[position]] : []
                case (.wildcard, .array(let items)): return items
                case (.wildcard, .object(let members)): return members.map(\.value)
                default: return []
                }
            }
        }
    }
}
