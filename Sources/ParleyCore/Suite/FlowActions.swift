import ParleyModel

/// The user actions a flow's steps can perform, for checking them against a connector's capabilities.
public enum FlowActions {
    /// Each action kind the steps use (includes and blocks included), with the first step using it.
    public static func kinds(in steps: [Step]) -> [(UserAction.Kind, SourceLocation)] {
        var found: [(UserAction.Kind, SourceLocation)] = []
        func add(_ kind: UserAction.Kind, _ location: SourceLocation) {
            if !found.contains(where: { $0.0 == kind }) { found.append((kind, location)) }
        }
        func walk(_ steps: [Step]) {
            for step in steps {
                switch step.kind {
                case .send: add(.send, step.location)
                case .tap: add(.tap, step.location)
                case .fill(let fill): if fill.submit != nil { add(.submit, step.location) }
                case .click: add(.click, step.location)
                case .schedule: add(.schedule, step.location)
                case .respondTool: add(.respondTool, step.location)
                case .resume: add(.resume, step.location)
                case .end: add(.end, step.location)
                case .typing: add(.typing, step.location)
                case .conditional(let conditional): walk(conditional.then + conditional.otherwise)
                case .loop(let loop): walk(loop.steps)
                case .include(let include): walk(include.steps)
                case .retry(let retry): walk(retry.steps)
                case .expect, .expectNo, .expectSequence, .wait, .set, .capture, .log: continue
                }
            }
        }
        walk(steps)
        return found
    }
}
