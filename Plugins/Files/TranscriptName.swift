import ParleyCore

/// Transcript file names: `<slug of path>[-rowN][-repN][-attemptN].jsonl`, unique within a run.
struct TranscriptName {
    /// The folder that relative flow paths are shown from; a flow path inside it is made relative.
    let basePath: String
    /// Whether the run repeats flows (`--repeat`): then every name has `-repN`, the first too.
    var repeating = false
    private var used: Set<String> = []

    init(basePath: String) {
        self.basePath = basePath
    }

    /// A fresh name for `run`; a second run that would get the same name gets `-2`, `-3`, ….
    mutating func next(for run: FlowRun) -> String {
        var stem = Self.slug(relative(run.path))
        if let row = run.row { stem += "-row\(row)" }
        if repeating || run.repetition > 1 { stem += "-rep\(run.repetition)" }
        if run.attempt > 1 { stem += "-attempt\(run.attempt)" }
        var name = stem + ".jsonl"
        var copy = 1
        while used.contains(name) {
            copy += 1
            name = "\(stem)-\(copy).jsonl"
        }
        used.insert(name)
        return name
    }

    /// `Flows/01-order.flow.yaml` → `Flows-01-order`: the path without its flow extension, folders
    /// joined with `-`, and anything but letters, digits, `.`, `_` and `-` made a `-`.
    static func slug(_ path: String) -> String {
        var path = Substring(path)
        for suffix in [".flow.yaml", ".flow.yml", ".yaml", ".yml"] where path.hasSuffix(suffix) {
            path = path.dropLast(suffix.count)
            break
        }
        let parts = path.split(separator: "/").filter { $0 != "." && $0 != ".." }
        var slug = ""
        for scalar in parts.joined(separator: "-").unicodeScalars {
            let keep = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
            let character = keep ? Character(scalar) : "-"
            if character == "-" && slug.hasSuffix("-") { continue }
            slug.append(character)
        }
        let trimmed = slug.drop { $0 == "-" || $0 == "." }.reversed().drop { $0 == "-" || $0 == "." }.reversed()
        return trimmed.isEmpty ? "flow" : String(trimmed)
    }

    private func relative(_ path: String) -> String {
        let prefix = basePath.hasSuffix("/") ? basePath : basePath + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
