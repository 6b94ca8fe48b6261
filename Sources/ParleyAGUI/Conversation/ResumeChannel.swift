/// How the answer to an open interrupt travels, decided by how the agent announced it.
enum ResumeChannel: Hashable, Sendable {
    /// `RunAgentInput.resume[]`, one entry per interrupt: for interrupts in a `RUN_FINISHED`
    /// outcome, and for a CUSTOM `on_interrupt` whose value is an AG-UI interrupt object (as
    /// ag-ui-crewai sends it; that adapter reads nothing else).
    case resumeEntries
    /// `forwardedProps.command.resume`, the value LangGraph's `interrupt()` returns: for a CUSTOM
    /// `on_interrupt` whose value is the interrupt's own value (as ag-ui-langgraph sends it), the
    /// channel of the clients that adapter keeps `on_interrupt` for (0.0.47 reads it, deprecated).
    case langGraphCommand
}
