extension ProjectTemplate {
    /// greeting.flow.yaml: the agent speaks first; a tapped suggestion is answered.
    static let greetingFlow = """
        # yaml-language-server: $schema=.parley/schema/flow.schema.json
        flow: The greeting offers help, and a tap is answered
        description: >
          The agent speaks first with suggestions; tapping one is answered with the next question.
        tags: [smoke]
        steps:
          # The greeting is the first turn, before anything is sent.
          - expect:
              reply: { starts_with: "Hi!", suggestions: { contains: Track an order } }
          - tap: Track an order
          - expect:
              reply: { icontains: which order, suggestions: [A-1042, A-1043] }

        """

    /// order-status.flow.yaml: a tool call with the right arguments, a reply, a capture.
    static let orderFlow = #"""
        # yaml-language-server: $schema=.parley/schema/flow.schema.json
        flow: Order status through the lookup tool
        description: >
          The agent must look the order up with the right id and answer with its status and
          tracking number.
        tags: [smoke, orders]
        vars:
          order: A-1042
        steps:
          - send: "Where is my order ${order}?"
          - expect:
              tool_call: { name: lookup_order, args: { order_id: "${order}" } }
          - expect:
              reply: { contains: shipped, icontains: tracking number }
          - capture:
              tracking: { from: reply, regex: "tracking number (\\w+)" }
          - log: "Order ${order} ships with tracking number ${tracking}"

        """#
}
