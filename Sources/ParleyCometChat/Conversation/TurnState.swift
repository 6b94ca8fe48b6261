/// Where the agent's turn is: whether Parley still owes the flow a `turnEnded`, which runs belong
/// to the turn, and which finished run is waiting for its persisted reply.
struct TurnState: Sendable {
    /// A `turnEnded` is owed.
    var open = true
    /// Runs started since the last user action.
    var runs: Set<Int> = []
    /// The id of the user's message sent in this turn: the run id the server will use for it.
    var sentMessage: Int?
    /// The user pressed something and no run has answered yet: the next run to start in this
    /// conversation is the press's answer, whatever its id.
    var pressPending = false
    /// The run that finished and whose persisted `assistant` message the turn waits for.
    var awaiting: Int?
    /// When the conversation last reported an event; the quiet period runs from here.
    var lastEventAt: Duration = .zero

    /// Whether `run` is this turn's: started since the user acted, or the one the user's message started.
    func owns(_ run: Int) -> Bool {
        runs.contains(run) || run == sentMessage
    }
}
