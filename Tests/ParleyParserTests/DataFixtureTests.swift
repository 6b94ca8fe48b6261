import Foundation
import ParleyModel
import ParleyParser
import Testing

/// `data:` CSV files: each file in `Fixtures/data` with a `.expected` sibling renders exactly
/// those diagnostics, every one of them at the CSV file's own line, with its code frame.
@Suite("data files")
struct DataFixtureTests {
    static let folder = FixturePaths.root + "/data"
    static let names = FixturePaths.files(under: folder, suffix: ".expected").map { String($0.dropLast(".expected".count)) + ".flow.yaml" }

    @Test("a broken data file renders exactly its expected diagnostics, at the CSV file's lines", arguments: names)
    func rendersExpected(name: String) throws {
        let path = Self.folder + "/" + name
        let expected = try String(contentsOfFile: String(path.dropLast(".flow.yaml".count)) + ".expected", encoding: .utf8)
        let report = Validator().validate(paths: [path])
        #expect(FixturePaths.normalized(report.rendered()) + "\n" == expected)
        #expect(report.hasErrors)
        for diagnostic in report.diagnostics where diagnostic.location.file.hasSuffix(".csv") {
            #expect(report.sources[diagnostic.location.file] != nil, "no code frame for \(diagnostic.location)")
        }
    }

    @Test("the fixtures cover rows, empty cells, no rows, open quotes and headers")
    func coverage() {
        #expect(Self.names == [
            "001-row-shape.flow.yaml", "002-empty-cell.flow.yaml", "003-no-rows.flow.yaml", "005-open-quote.flow.yaml",
            "006-bad-header.flow.yaml",
        ])
    }

    @Test("quoted cells: commas, doubled quotes and line breaks inside, CRLF endings; each value located at its cell")
    func quotedCells() throws {
        let path = Self.folder + "/004-quoted.flow.yaml"
        let parsed = FlowParser().parse(path: path)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        guard case .csv(_, let rows)? = parsed.flow?.data else {
            Issue.record("expected CSV data")
            return
        }
        let values = rows.map { row in row.map { assignment -> String in
            guard case .string(let template) = assignment.value else { return "?" }
            return "\(assignment.name)=\(template.literalText ?? "?")@\(template.location.line):\(template.location.column)"
        } }
        #expect(values == [
            ["order=A-1@2:1", "note=shipped, today@2:7"],
            ["order=A-\"2@3:1", "note=line one\nline two@3:9"],
            ["order=B-3@5:1", "note=plain@5:5"],
        ])
        #expect(values.flatMap { $0 }.allSatisfy { !$0.isEmpty })
        #expect(Validator().validate(paths: [path]).diagnostics.isEmpty)
    }
}
