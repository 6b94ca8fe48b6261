import ParleyModel

/// Reports `${name}` references to variables not defined before use, walking steps in order.
/// Blocks (`if`, `repeat`, `retry`, `include`) share the flow's scope, as they do when the flow runs.
/// It also reports data rows that would put an empty value into a `send` or a matcher, and
/// collects the names the flow reads, so `--var` can warn about a name nothing uses.
struct VariableChecker {
    private var defined: Set<String>
    /// The CSV file of `data:`, whose header names the columns a template may use.
    private let csv: (path: String, columns: [String])?
    /// Names assigned by `set` or `capture` so far: a use after one reads that value, not the row's.
    private var reassigned: Set<String> = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Every variable name the flow reads.
    private(set) var referenced: Set<String> = []
    /// Variables read by a `send` or a matcher before anything reassigns them, at their first such use.
    private(set) var operands: [String: SourceLocation] = [:]
    /// Undefined variables past the first `undefinedShown`, counted rather than each reported: a
    /// generated flow with thousands of them must print a page, not hundreds of megabytes.
    private var undefinedHidden = 0
    private var firstHidden: SourceLocation?
    private var undefinedReported = 0
    static let undefinedShown = 20

    init(flow: Flow) {
        defined = Set(flow.vars.map(\.name))
        if let data = flow.data { defined.formUnion(data.rows.flatMap { $0.map(\.name) }) }
        if case .csv(let path, let rows)? = flow.data { csv = (path, rows.first?.map(\.name) ?? []) } else { csv = nil }
    }

    static func check(_ flow: Flow) -> [Diagnostic] {
        scan(flow).diagnostics
    }

    /// Walks the whole flow: its header, its data rows and its steps.
    static func scan(_ flow: Flow) -> VariableChecker {
        var checker = VariableChecker(flow: flow)
        // Only `vars:` and `data:` exist when a run is named.
        checker.check([flow.nameTemplate, flow.descriptionTemplate].compactMap { $0 })
        for assignment in flow.vars { checker.check(assignment.value.templates) }
        for row in flow.data?.rows ?? [] { checker.check(row.flatMap(\.value.templates)) }
        checker.check(flow.steps)
        checker.checkRows(of: flow)
        if let first = checker.firstHidden {
            let count = checker.undefinedHidden
            checker.diagnostics.append(
                .error("… and \(Self.grouped(count)) more undefined variable\(count == 1 ? "" : "s") (the first \(undefinedShown) are shown)", at: first))
        }
        return checker
    }

    /// Data rows that leave a variable empty, or unset, where a `send` or a matcher reads it.
    private mutating func checkRows(of flow: Flow) {
        guard let data = flow.data else { return }
        let defaults = Set(flow.vars.map(\.name))
        var source = "'data'"
        if case .csv(let path, _) = data { source = "'\(path)'" }
        for (index, row) in data.rows.enumerated() {
            for assignment in row {
                guard let use = operands[assignment.name], Self.isEmpty(assignment.value) else { continue }
                let location = Self.location(of: assignment)
                diagnostics.append(
                    .error(
                        "'\(assignment.name)' is empty in row \(index + 1) of \(source), but the flow sends or matches it (\(use.described(from: location))); an empty value is never sent or matched",
                        at: location))
            }
            guard case .rows = data, let first = data.rows.first?.first?.location else { continue }
            // An inline row that leaves out a name the other rows set runs without it, unless `vars:` has a default.
            let names = Set(row.map(\.name))
            let others = Set(data.rows.flatMap { $0.map(\.name) }).subtracting(names).subtracting(defaults)
            for name in others.sorted() where referenced.contains(name) {
                diagnostics.append(
                    .error("row \(index + 1) of 'data' does not set '\(name)', which other rows set and 'vars:' does not default", at: row.first?.location ?? first))
            }
        }
    }

    /// Where a row's value is written: a CSV cell's own line, an inline row's key.
    private static func location(of assignment: Assignment) -> SourceLocation {
        if case .string(let template) = assignment.value { return template.location }
        return assignment.location
    }

    private static func isEmpty(_ value: ValueTemplate) -> Bool {
        switch value {
        case .null: return true
        case .string(let template): return template.literalText == ""
        case .bool, .number, .array, .object: return false
        }
    }

    private mutating func check(_ steps: [Step]) {
        for step in steps { check(step) }
    }

    private mutating func check(_ step: Step) {
        switch step.kind {
        case .send(let send): check([send.text])
        case .expect(let expectation):
            check(expectation.pattern)
            for latency in expectation.latency { check(latency.matcher) }
        case .expectNo(let absence): check(absence.pattern)
        case .expectSequence(let sequence): sequence.patterns.forEach { check($0) }
        case .tap(let text), .log(let text): check([text])
        case .fill(let fill):
            check(fill.values.flatMap(\.value.templates) + [fill.submit].compactMap { $0 })
        case .click(let click): check([click.element, click.card].compactMap { $0 })
        case .schedule(let slot): check([slot.slot, slot.scheduler].compactMap { $0 })
        case .respondTool(let response): check([response.name, response.callID].compactMap { $0 } + response.result.templates)
        case .resume(let resume): check((resume.payload?.templates ?? []) + [resume.interrupt].compactMap { $0 })
        case .end, .typing, .wait: break
        case .set(let assignments):
            for assignment in assignments {
                check(assignment.value.templates)
                defined.insert(assignment.name)
                reassigned.insert(assignment.name)
            }
        case .capture(let captures):
            for capture in captures {
                if case .regex(let regex, _) = capture.extraction { check([regex]) }
                defined.insert(capture.name)
                reassigned.insert(capture.name)
            }
        case .conditional(let conditional):
            check(conditional.condition)
            check(conditional.then)
            check(conditional.otherwise)
        case .loop(let loop):
            check(loop.steps)
            if case .until(let condition, _) = loop.bound { check(condition) }
        case .include(let include):
            check(include.parameters.flatMap(\.value.templates))
            check(include.defaults.flatMap(\.value.templates))
            defined.formUnion(include.defaults.map(\.name))
            check(include.steps)
        case .retry(let retry): check(retry.steps)
        }
    }

    private mutating func check(_ condition: Condition) {
        switch condition {
        case .variable(let name, let matcher):
            referenced.insert(name.value)
            if !defined.contains(name.value) { undefined(name.value, at: name.location) }
            check(matcher)
        case .received(let pattern): check(pattern)
        case .all(let conditions), .any(let conditions): conditions.forEach { check($0) }
        case .not(let inner): check(inner)
        }
    }

    private mutating func check(_ pattern: EventPattern) {
        if let matcher = pattern.matcher { check(matcher) }
    }

    private mutating func check(_ matcher: Matcher) {
        switch matcher.kind {
        case .equals(let value): check(value.templates)
        case .contains(let text), .containsIgnoringCase(let text), .matches(let text), .startsWith(let text): check([text])
        case .oneOf(let values): check(values.flatMap(\.templates))
        case .not(let inner), .jsonPath(_, let inner): check(inner)
        case .all(let inner), .any(let inner): inner.forEach { check($0) }
        case .object(let fields): fields.forEach { check($0.matcher) }
        case .similar(let similarity): check(similarity.references)
        case .judge(let rubric): check([rubric.text])
        case .compare, .exists: break
        }
    }

    private mutating func check(_ templates: [Template]) {
        for template in templates {
            for (reference, location) in template.references {
                guard case .variable(let name, _) = reference else { continue }
                referenced.insert(name)
                if template.refusesEmpty && !reassigned.contains(name) && operands[name] == nil { operands[name] = location }
                if !defined.contains(name) { undefined(name, at: location) }
            }
        }
    }

    /// An undefined name; with CSV data, one the header lacks, with the closest column.
    private mutating func undefined(_ name: String, at location: SourceLocation) {
        // A CSV file with no rows has been reported; which names it would give is unknown.
        if let csv, csv.columns.isEmpty { return }
        if undefinedReported >= Self.undefinedShown {
            undefinedHidden += 1
            if firstHidden == nil { firstHidden = location }
            return
        }
        undefinedReported += 1
        guard let csv else {
            diagnostics.append(.error("undefined variable '\(name)'\(Suggestion.hint(for: name, in: defined.sorted()))", at: location))
            return
        }
        // The closest column first: with CSV data, a typo is most often a column's.
        let hint = Suggestion.closest(to: name, in: csv.columns) == nil
            ? Suggestion.hint(for: name, in: defined.sorted()) : Suggestion.hint(for: name, in: csv.columns)
        diagnostics.append(
            .error(
                "undefined variable '\(name)': '\(csv.path)' has no such column (its header: \(csv.columns.joined(separator: ", "))), and nothing else sets it\(hint)",
                at: location))
    }

    /// `5980` as `5,980`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}
