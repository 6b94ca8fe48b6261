/// A condition's value so far: reads of the agent's turn stay open until the turn decides them.
enum Truth: Sendable {
    case holds, fails, open
}
