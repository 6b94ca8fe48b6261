/// A planned run: the findings to show first, and the run when nothing stops it.
public struct PreparedRun: Sendable {
    public var validation: Validation
    /// Nil when the findings hold an error: nothing may run.
    public var run: ProjectRun?
}
