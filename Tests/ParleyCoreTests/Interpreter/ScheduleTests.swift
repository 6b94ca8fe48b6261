import ParleyCore
import ParleyModel
import Testing

/// `schedule` checks the slot against the scheduler's `availability`, `duration` and `bufferTime`.
@Suite("interpreter: schedule")
struct ScheduleTests {
    /// The scheduler offers Monday 09:00–12:00 and 14:00–17:00 for 30-minute meetings with 15 minutes' buffer.
    func schedule(_ slot: String, events: [AgentEvent] = [Events.scheduler, Events.turnEnded]) throws -> InterpreterOutput {
        var machine = try Machine(
            """
            flow: Book a call
            steps:
              - send: book a call
              - schedule: \(slot)
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        return machine.receive(events, at: .ms(200))
    }

    @Test("a slot inside the availability, with room for the meeting and its buffer, is performed")
    func fits() throws {
        #expect(try schedule("monday 09:30").command == .perform(.schedule(messageID: "sched-1", slot: "monday 09:30")))
        #expect(try schedule("monday 11:15").command == .perform(.schedule(messageID: "sched-1", slot: "monday 11:15")))
    }

    @Test("a slot whose meeting and buffer run past the end of the range fails, naming the ranges")
    func tooLate() throws {
        #expect(
            try schedule("monday 11:30").failure
                == StepFailure(
                    message: #"schedule monday 11:30: not inside "sched-1"'s availability on monday (09:00-12:00, 14:00-17:00) for a 30-minute meeting with 15 minutes' buffer"#,
                    cause: .mismatch, location: FlowText.at(4), waited: .ms(200)))
    }

    @Test("a slot between the ranges fails")
    func betweenRanges() throws {
        #expect(try schedule("monday 12:30").failure?.message.hasPrefix("schedule monday 12:30: not inside") == true)
    }

    @Test("a day with no availability fails, naming the days")
    func wrongDay() throws {
        #expect(
            try schedule("tuesday 10:00").failure?.message
                == #"schedule tuesday 10:00: "sched-1" has no availability on tuesday; available days: monday"#)
    }

    @Test("with no scheduler sent, it says so")
    func noScheduler() throws {
        #expect(
            try schedule("monday 09:30", events: [Events.reply("Hi"), Events.turnEnded]).failure?.message
                == "schedule monday 09:30: the agent has not sent a scheduler")
        #expect(
            try schedule("{ slot: monday 09:30, scheduler: sched-9 }").failure?.message
                == #"schedule monday 09:30: the agent has not sent a scheduler "sched-9""#)
    }
}
