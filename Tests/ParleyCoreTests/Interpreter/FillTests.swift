import ParleyCore
import ParleyModel
import Testing

/// `fill` is checked against the latest form before anything is submitted; without `submit` it stages values.
@Suite("interpreter: fill")
struct FillTests {
    /// Runs `send`, then `step` (one `fill` written at line 4), with the contact form and `turn_ended` arriving.
    func afterForm(_ step: String, events: [AgentEvent] = [Events.contactForm, Events.turnEnded]) throws -> (InterpreterOutput, Machine) {
        var machine = try Machine(
            """
            flow: Contact form
            steps:
              - send: contact me
              - \(step)
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        return (machine.receive(events, at: .ms(400)), machine)
    }

    @Test("fill and submit sends the values in the order written, with the button")
    func submit() throws {
        let (output, _) = try afterForm(
            "fill: { name_field: Ada Lovelace, country_dropdown: uk, topic_radio: billing, updates_checkbox: [updates] }\n    submit: submit_btn")
        #expect(
            output.command
                == .perform(
                    .submit(
                        formID: "contact_form",
                        values: [
                            JSONMember("name_field", "Ada Lovelace"), JSONMember("country_dropdown", "uk"),
                            JSONMember("topic_radio", "billing"), JSONMember("updates_checkbox", ["updates"]),
                        ],
                        button: "submit_btn")))
    }

    @Test(
        "each invalid fill fails before anything is submitted, saying why",
        arguments: [
            (
                "fill: { name_field: Ada, phone: \"123\" }\n    submit: submit_btn",
                #"fill: form "contact_form" has no element "phone"; its elements: name_field, email_field, country_dropdown, topic_radio, updates_checkbox, note_label"#
            ),
            (
                "fill: { name_field: Ada, country_dropdown: france, topic_radio: tech }\n    submit: submit_btn",
                #"fill: country_dropdown: "france" is not one of its options: uk, usa"#
            ),
            (
                "fill: { name_field: Ada, country_dropdown: uk }\n    submit: submit_btn",
                #"fill: required field topic_radio of form "contact_form" has no value"#
            ),
            (
                "fill: { name_field: Ada, country_dropdown: uk, topic_radio: tech }\n    submit: send_btn",
                #"fill: send_btn does not submit form "contact_form"; its submit button: submit_btn"#
            ),
            (
                "fill: { note_label: hello }\n    submit: submit_btn",
                "fill: note_label is a label, not a field that takes a value"
            ),
            (
                "fill: { topic_radio: [billing, tech] }\n    submit: submit_btn",
                "fill: topic_radio is a radio and takes one value, got 2"
            ),
            (
                "fill: { name_field: Ada, country_dropdown: uk, topic_radio: tech, updates_checkbox: [updates, spam] }\n    submit: submit_btn",
                #"fill: updates_checkbox: "spam" is not one of its options: updates, offers"#
            ),
        ])
    func invalid(step: String, message: String) throws {
        let (output, machine) = try afterForm(step)
        #expect(!output.notes.contains { if case .userAction = $0 { true } else { false } })
        #expect(output.failure == StepFailure(message: message, cause: .mismatch, location: FlowText.at(4), waited: .ms(400)))
        #expect(machine.failures == ["t.flow.yaml:4:5: " + message])
    }

    @Test("a fill when no form came says so")
    func noForm() throws {
        let (output, _) = try afterForm("fill: { name_field: Ada }\n    submit: submit_btn", events: [Events.reply("Hi"), Events.turnEnded])
        #expect(output.failure?.message == "fill: the agent has not sent a form")
    }

    @Test("optional fields, a checkbox among them, and labels need no value")
    func optionalFields() throws {
        let (output, _) = try afterForm("fill: { name_field: Ada, country_dropdown: usa, topic_radio: tech }\n    submit: submit_btn")
        #expect(
            output.command
                == .perform(
                    .submit(
                        formID: "contact_form",
                        values: [JSONMember("name_field", "Ada"), JSONMember("country_dropdown", "usa"), JSONMember("topic_radio", "tech")],
                        button: "submit_btn")))
    }

    @Test("fill without submit stages the values, performs nothing, and the submitting fill sends them all")
    func staging() throws {
        var machine = try Machine(
            """
            flow: Two fills
            vars: { name: Ada Lovelace }
            steps:
              - send: contact me
              - expect: form
              - fill: { name_field: "${name}", country_dropdown: usa }
              - fill: { country_dropdown: uk, topic_radio: billing }
                submit: submit_btn
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        let output = machine.receive([Events.contactForm, Events.turnEnded], at: .ms(400))
        #expect(
            output.command
                == .perform(
                    .submit(
                        formID: "contact_form",
                        values: [JSONMember("name_field", "Ada Lovelace"), JSONMember("country_dropdown", "uk"), JSONMember("topic_radio", "billing")],
                        button: "submit_btn")))
        #expect(output.notes.filter { if case .userAction = $0 { true } else { false } }.count == 1)
        #expect(machine.outcomes.suffix(2) == ["expect form: passed", "fill name_field, country_dropdown: passed"])
    }

    @Test("a staged value is checked when it is staged")
    func stagingChecks() throws {
        let (output, machine) = try afterForm("fill: { country_dropdown: france }")
        #expect(output.failure?.rendered == #"t.flow.yaml:4:5: fill: country_dropdown: "france" is not one of its options: uk, usa"#)
        #expect(machine.outcomes == [#"send "contact me": passed"#, "fill country_dropdown: failed"])
    }

    @Test("fill without submit waits for the turn, so it checks against the form the agent is still sending")
    func stagingWaitsForTheForm() throws {
        var machine = try Machine(
            """
            flow: Stage right after sending
            steps:
              - send: contact me
              - fill: { name_field: Ada }
            """)
        _ = machine.start()
        #expect(machine.performed(at: .zero).command == .awaitEvent(until: .seconds(2)))
        #expect(machine.receive(Events.runStarted, at: .ms(100)).command == .awaitEvent(until: .seconds(10)))
        _ = machine.receive(Events.contactForm, at: .ms(300))
        let output = machine.receive(Events.turnEnded, at: .ms(400))
        #expect(output.command == .finish(.passed))
        #expect(!output.notes.contains { if case .userAction = $0 { true } else { false } })
    }

    @Test("values are checked against the latest form")
    func latestForm() throws {
        let newer = AgentEvent.interactive(
            InteractiveMessage(
                id: "address_form", kind: .form,
                data: .object([
                    JSONMember("formFields", [.object([JSONMember("elementId", "street"), JSONMember("elementType", "textInput")])]),
                    JSONMember("submitElement", .object([JSONMember("elementId", "save_btn")])),
                ])))
        let (output, _) = try afterForm(
            "fill: { name_field: Ada }\n    submit: submit_btn", events: [Events.contactForm, newer, Events.turnEnded])
        #expect(output.failure?.message == #"fill: form "address_form" has no element "name_field"; its elements: street"#)
    }
}
