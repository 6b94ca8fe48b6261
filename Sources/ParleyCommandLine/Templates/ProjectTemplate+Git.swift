extension ProjectTemplate {
    /// .gitignore: what runs and the monitor write; the schemas stay, for a clone's editor.
    static let gitignore = """
        # What `parley run` writes (the files plugin in parley.yaml).
        reports/
        # What `parley monitor` keeps (its history); .parley/schema/ is for editors, so it stays.
        .parley/*
        !.parley/schema/

        """

    /// .github/workflows/parley.yml: the flows on every push and pull request, the reports kept.
    static let workflow = """
        # Runs the flows on every push and pull request and keeps reports/ (JUnit, JSON, HTML and
        # transcripts) as an artifact, pass or fail. It expects this folder to be the repository's
        # root; otherwise move it to the root's .github/workflows/ and give the run steps a
        # working-directory.
        name: parley

        on:
          push:
          pull_request:

        jobs:
          flows:
            runs-on: ubuntu-latest
            container: swift:6.1
            steps:
              - uses: actions/checkout@v4
              - name: Build parley
                run: |
                  git clone --depth 1 https://github.com/parley/parley /tmp/parley
                  swift build -c release --product parley --package-path /tmp/parley
                  echo /tmp/parley/.build/release >> "$GITHUB_PATH"
              - name: Run the flows
                run: parley run
                # Secrets for a network agent's ${secret.X}, from the repository's secrets:
                # env:
                #   AGENT_TOKEN: ${{ secrets.AGENT_TOKEN }}
              - name: Keep the reports
                if: always()
                uses: actions/upload-artifact@v4
                with:
                  name: parley-reports
                  path: reports/

        """
}
