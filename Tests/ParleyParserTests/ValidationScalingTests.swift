import Foundation
import ParleyModel
import Testing

@testable import ParleyParser

/// Validation grows linearly with a file's length (issue 13, point 7). Counted, not timed, so the
/// test holds on a loaded machine: each file's lines are turned into scalar arrays once, however
/// many templates align against them. (Before, every template rebuilt the whole file's arrays: a
/// 4,000-step file cost 4,000 rebuilds of 4,000 lines.) The timing is in BENCHMARKS.md.
@Suite("validation scaling")
struct ValidationScalingTests {
    /// `steps` steps, each with a `${…}` template to align.
    static func flow(steps: Int) -> String {
        var lines = ["flow: Long", "vars:", "  order: A-1042", "steps:"]
        for index in 0..<(steps / 2) {
            lines.append("  - send: \"Where is order ${order}? (message \(index))\"")
            lines.append("  - expect: { reply: { contains: \"${order}\" } }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a 4,000-step file builds its scalar lines once, as a 20-step file does")
    func scalarLinesBuiltOncePerFile() throws {
        for steps in [20, 4000] {
            let context = ParseContext()
            let flow = try #require(FlowParser().parse(text: Self.flow(steps: steps), path: "long.flow.yaml", context))
            #expect(context.diagnostics.isEmpty)
            #expect(flow.steps.count == steps)
            #expect(context.scalarLineBuilds == 1, "\(steps) steps built the scalar lines \(context.scalarLineBuilds) times")
        }
    }

    @Test("carets still point at the '$' of a reference deep in a long file")
    func alignmentStillRight() throws {
        let text = Self.flow(steps: 4000).replacingOccurrences(of: "(message 1999)", with: "${bad name} (message 1999)")
        let context = ParseContext()
        _ = FlowParser().parse(text: text, path: "long.flow.yaml", context)
        let line = 4 + 2 * 1999 + 1
        let found = context.diagnostics.map { "\($0.location.line):\($0.location.column)" }
        #expect(found == ["\(line):37"])
    }
}
