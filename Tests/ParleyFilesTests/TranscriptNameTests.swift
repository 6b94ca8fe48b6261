@testable import ParleyFiles
import ParleyTesting
import ParleyCore
import ParleyModel
import Testing

@Suite("files transcript names")
struct TranscriptNameTests {
    @Test("slugs keep letters, digits, dots and dashes", arguments: [
        ("Flows/01-order.flow.yaml", "Flows-01-order"), ("./a b/ünï code.flow.yml", "a-b-n-code"),
        ("../x/y.yaml", "x-y"), ("/abs/path/z.flow.yaml", "abs-path-z"), ("///", "flow"), ("v1.2/flow.txt", "v1.2-flow.txt"),
    ])
    func slug(path: String, slug: String) {
        #expect(TranscriptName.slug(path) == slug)
    }

    @Test("paths inside the base directory are shown from it, and clashes get a number")
    func clashes() {
        var names = TranscriptName(basePath: "/p")
        let run = SampleRun.order
        var absolute = run
        absolute.path = "/p/Flows/01-order.flow.yaml"
        var other = run
        other.path = "Flows 01-order.flow.yaml"
        #expect(names.next(for: run) == "Flows-01-order.jsonl")
        #expect(names.next(for: absolute) == "Flows-01-order-2.jsonl")
        #expect(names.next(for: other) == "Flows-01-order-3.jsonl")
        var repeated = run
        repeated.repetition = 3
        repeated.row = 1
        #expect(names.next(for: repeated) == "Flows-01-order-row1-rep3.jsonl")
        names.repeating = true
        #expect(names.next(for: other) == "Flows-01-order-rep1.jsonl")
    }
}
