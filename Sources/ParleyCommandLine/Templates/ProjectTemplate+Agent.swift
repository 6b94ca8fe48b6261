extension ProjectTemplate {
    /// agents/support.agent.yaml: the simulator's script the two flows pass against.
    static let agentScript = #"""
        # Support: the agent the flows talk to until you point them at your own. The embedded simulator
        # plays it: each user action is answered by the first rule whose `when` matches. Change a
        # reply here and a flow may fail; `parley run --watch` runs them again when you do.
        agent: { id: support, name: Support }
        timing: { think: 100ms, chunks: 3, chunk_delay: 20ms }
        tools:
          lookup_order: { side: backend, description: "Order status, carrier and tracking by order id" }
        tables:
          orders:
            A-1042: { status: shipped, carrier: UPS, tracking: 1Z999AA10123456784 }
            A-1043: { status: delayed, carrier: DHL, tracking: JD014600003828 }
        greeting:
          text: Hi! I can track an order or put you through to a person.
          suggestions: [Track an order, Talk to a person]
        rules:
          - id: which-order
            when: { tap: Track an order }
            play:
              - run_started
              - reply: { text: "Sure, which order is it?", suggestions: [A-1042, A-1043] }
              - run_finished
          - id: order-status
            when: { text: '(?i)\b([A-Z]-\d{4})\b' }
            lookup: { table: orders, key: "${1}", as: order }
            play:
              - run_started
              - tool_call:
                  name: lookup_order
                  args: { order_id: "${1}" }
                  result: { status: "${order.status}", carrier: "${order.carrier}" }
              - reply: "Order ${1} is ${order.status} with ${order.carrier}, tracking number ${order.tracking}."
              - run_finished
          # Rules are tried in order: an order number the table does not hold ends up here.
          - id: unknown-order
            when: { text: '(?i)\b[A-Z]-\d{4}\b' }
            play: [run_started, reply: "I couldn't find that order.", run_finished]
          - id: person
            when: { text: "(?i)person" }
            play:
              - run_started
              - reply: Putting you through to a person now.
              - handoff: { stage: started, queue: support }
              - run_finished
        fallback:
          play: [run_started, reply: "Sorry, I can only track orders or find you a person.", run_finished]

        """#
}
