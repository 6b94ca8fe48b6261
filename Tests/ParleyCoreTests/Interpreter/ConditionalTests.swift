import ParleyCore
import ParleyModel
import Testing

/// `if`/`then`/`else`: one branch runs; the other's steps are reported skipped.
@Suite("interpreter: if")
struct ConditionalTests {
    static func flow(tier: String) -> String {
        """
        flow: Branch
        vars: { tier: \(tier) }
        steps:
          - if: { var: tier, is: { one_of: [gold, platinum] } }
            then:
              - send: VIP line please
            else:
              - send: normal line
              - log: standard tier
        """
    }

    @Test("a variable condition that holds runs then:, and the else: steps are skipped")
    func thenBranch() throws {
        var machine = try Machine(Self.flow(tier: "gold"))
        #expect(machine.start().command == .perform(.send(text: "VIP line please")))
        #expect(machine.performed(at: .ms(10)).command == .finish(.passed))
        #expect(
            Set(machine.outcomes)
                == [#"  send "normal line": skipped"#, #"  log "standard tier": skipped"#, #"  send "VIP line please": passed"#, "if: passed"])
        #expect(machine.outcomes.last == "if: passed")
    }

    @Test("a condition that does not hold runs else:, and the then: steps are skipped")
    func elseBranch() throws {
        var machine = try Machine(Self.flow(tier: "silver"))
        let output = machine.start()
        #expect(output.command == .perform(.send(text: "normal line")))
        let done = machine.performed(at: .ms(10))
        #expect(done.notes.contains(.log("standard tier")))
        #expect(done.command == .finish(.passed))
        #expect(machine.outcomes.contains(#"  send "VIP line please": skipped"#))
    }

    @Test("a received condition looks at the current turn")
    func received() throws {
        var machine = try Machine(
            """
            flow: Refund offer
            steps:
              - send: my parcel is broken
              - expect: reply
              - if: { received: { reply: { contains: refund } } }
                then: [{ log: offered }]
                else: [{ log: not offered }]
            """)
        _ = machine.start()
        _ = machine.performed(at: .zero)
        let output = machine.receive(Events.reply("We can refund you"), at: .ms(100))
        #expect(output.notes.contains(.log("offered")))
        #expect(!output.notes.contains(.log("not offered")))
    }
}
