extension ProjectTemplate {
    /// parley.yaml: the simulator agent the flows run against, and the network connectors
    /// commented out with their real setting names (a test uncomments them and validates).
    static let project = """
        # yaml-language-server: $schema=.parley/schema/parley.schema.json
        # A Parley project. `parley run` runs every *.flow.yaml here and in the folders below against
        # its agent and writes reports/; `parley validate` checks everything without running anything;
        # `parley run --watch` runs flows again as you edit them.
        agents:
          # The embedded simulator plays agents/support.agent.yaml: no network, no secrets.
          support: { connector: simulator, script: agents/support.agent.yaml }

          # Your own agent, over the network: uncomment one, then `parley run --agent NAME` (or name
          # it in defaults below). "${secret.X}" reads the environment variable X (or the file named
          # by X_FILE) and is masked in every output; "${env.X}" reads X. Every setting of every
          # connector is in `parley schema project`.
          #
          # An AG-UI agent (pydantic-ai, LangGraph, CrewAI, Mastra, Google ADK…):
          # staging:
          #   connector: agui
          #   url: "https://agents.example.com/support"
          #   headers: { Authorization: "Bearer ${secret.AGENT_TOKEN}" }
          #   timeout: 30s
          #
          # A PolyAI messaging agent (environment: us-1, uk-1, euw-1…):
          # polyai:
          #   connector: polyai
          #   environment: us-1
          #   connector_token: "${secret.POLY_TOKEN}"
          #   host: com.example.app
          #   streaming: true
          #
          # A CometChat AI agent (or group: for a group it answers in; region: us, eu or in):
          # cometchat:
          #   connector: cometchat
          #   app_id: "${env.COMETCHAT_APP_ID}"
          #   region: us
          #   api_key: "${secret.COMETCHAT_API_KEY}"
          #   user: cometchat-uid-1
          #   agent: support-agent
        defaults: { agent: support, timeout: 10s }
        plugins:
          - log: { level: info }
          # reports/junit.xml for CI, report.json, report.html (one page to open in a browser) and
          # a transcript per flow.
          - files: { dir: reports, junit: junit.xml, json: report.json, html: report.html, transcripts: true }

        """
}
