import Foundation
import ParleyModel
import ParleyParser
import Testing

/// Every file in `Fixtures/valid` parses and validates clean; the files of each construct have
/// their own tests (StepFixtureTests, MatcherFixtureTests, HeaderFixtureTests, TemplateTests).
@Suite("valid fixtures")
struct ValidFixtureTests {
    static let names = FixturePaths.files(under: FixturePaths.valid, suffix: ".flow.yaml")

    /// The fixtures that have model assertions in this target; a new fixture must be added here
    /// and given a test of its own.
    static let covered: Set<String> = [
        "001-send.flow.yaml", "002-expect.flow.yaml", "003-expect-no.flow.yaml", "004-expect-sequence.flow.yaml",
        "005-tap.flow.yaml", "006-fill-submit.flow.yaml", "007-submit-alone.flow.yaml", "008-click.flow.yaml",
        "009-schedule.flow.yaml", "010-respond-tool.flow.yaml", "011-resume.flow.yaml", "012-end.flow.yaml",
        "013-wait.flow.yaml", "014-set.flow.yaml", "015-capture.flow.yaml", "016-if-then-else.flow.yaml",
        "017-repeat-times.flow.yaml", "018-repeat-until.flow.yaml", "019-include.flow.yaml", "020-retry.flow.yaml",
        "021-log.flow.yaml",
        "030-matcher-equals.flow.yaml", "031-matcher-contains.flow.yaml", "032-matcher-icontains.flow.yaml",
        "033-matcher-matches.flow.yaml", "034-matcher-starts-with.flow.yaml", "035-matcher-one-of.flow.yaml",
        "036-matcher-not.flow.yaml", "037-matcher-all.flow.yaml", "038-matcher-any.flow.yaml",
        "039-matcher-compare-numbers.flow.yaml", "040-matcher-compare-durations.flow.yaml",
        "041-matcher-object-subset.flow.yaml", "042-matcher-json-path.flow.yaml", "043-matcher-exists.flow.yaml",
        "050-durations.flow.yaml", "051-within-latency.flow.yaml", "060-header.flow.yaml", "061-data-rows.flow.yaml",
        "062-data-csv.flow.yaml", "070-template-references.flow.yaml", "071-template-escapes.flow.yaml",
        "project/080-named-agent.flow.yaml",
    ]

    @Test("the fixture folder holds exactly the fixtures with model tests")
    func everyFixtureIsCovered() {
        #expect(Set(Self.names) == Self.covered)
    }

    @Test("a valid fixture parses with no diagnostics", arguments: names)
    func parsesClean(name: String) throws {
        let result = FlowParser().parse(path: FixturePaths.valid(name))
        #expect(result.diagnostics.map(\.message) == [])
        let flow = try #require(result.flow)
        #expect(!flow.name.isEmpty)
        #expect(!flow.steps.isEmpty)
        #expect(flow.location.file == FixturePaths.valid(name))
    }

    @Test("a valid fixture passes the validator: variables defined, agent known", arguments: names)
    func validatesClean(name: String) {
        let report = Validator().validate(paths: [FixturePaths.valid(name)])
        #expect(report.rendered() == "")
        #expect(report.flowFiles == [FixturePaths.valid(name)])
        #expect(report.flows[FixturePaths.valid(name)] != nil)
    }

    @Test("validating the whole folder finds every flow file and the project file, and no problems")
    func wholeFolder() {
        let report = Validator().validate(paths: [FixturePaths.valid])
        #expect(report.rendered() == "")
        #expect(report.flowFiles.count == Self.names.count)
        #expect(report.projectFiles == [FixturePaths.valid("project/parley.yaml")])
        // Included files and CSV data are not flows of their own.
        #expect(!report.flowFiles.contains { $0.hasSuffix("greeting.yaml") || $0.hasSuffix(".csv") })
    }

    @Test("parsing text gives the same flow as parsing the file")
    func textAndFileAgree() throws {
        let path = FixturePaths.valid("015-capture.flow.yaml")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let fromText = FlowParser().parse(text: text, path: path)
        let fromFile = FlowParser().parse(path: path)
        #expect(fromText.diagnostics.isEmpty)
        #expect(fromText.flow == fromFile.flow)
        #expect(fromFile.sources[path]?.text == text)
    }
}
