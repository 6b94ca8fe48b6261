extension Catalog {
    /// The `log` plugin.
    public static let log = ProviderDeclaration(
        name: "log", summary: "The console: progress, failures and the summary.",
        settings: [
            SettingDeclaration("level", .choice(["error", "warning", "info", "debug"]), "How much the console shows; debug adds every step and event."),
            SettingDeclaration("color", .choice(["auto", "always", "never"]), "Colour: auto uses it on a terminal only."),
            SettingDeclaration("progress", .boolean, "Put a [finished/total] counter before each flow."),
        ])

    /// The `files` plugin.
    public static let files = ProviderDeclaration(
        name: "files", summary: "Report files: JUnit XML, the JSON report, the HTML report, JSONL transcripts.",
        settings: [
            SettingDeclaration("dir", .path, "The folder for every output, relative to parley.yaml (default reports)."),
            SettingDeclaration("junit", .path, "The JUnit XML file, inside `dir` unless absolute."),
            SettingDeclaration("json", .path, "The JSON report file, inside `dir` unless absolute."),
            SettingDeclaration("html", .path, "The self-contained HTML report file, inside `dir` unless absolute."),
            SettingDeclaration("transcripts", .boolean, "Write a JSONL transcript per flow run."),
        ])

    /// The `webhook` plugin.
    public static let webhook = ProviderDeclaration(
        name: "webhook", summary: "POSTs results to a URL: JSON or Slack, signed, retried in the background.",
        settings: [
            SettingDeclaration("url", .url, required: true, "The http or https URL to POST to."),
            SettingDeclaration("on", .list, "When to post: failure, success, always (a list or one word)."),
            SettingDeclaration("secret", .text, secret: true, "The HMAC-SHA256 key for X-Parley-Signature; never sent."),
            SettingDeclaration("per", .choice(["run", "flow"]), "One POST at the end of the run, or one per finished flow run."),
            SettingDeclaration("format", .choice(["json", "slack"]), "Parley's JSON, or a Slack incoming-webhook message."),
            SettingDeclaration("retries", .integer, "Further attempts after a failed one, 0 to 100."),
            SettingDeclaration("headers", .mapping, "Extra request headers, e.g. { Authorization: \"Bearer ${secret.TOKEN}\" }."),
            SettingDeclaration("timeout", .duration, "The limit for one attempt, connecting included (at most 10m, default 10s)."),
            SettingDeclaration("flush", .duration, "How long the end of the run waits for deliveries still under way (at most 10m)."),
        ])

    /// The `metrics` plugin. No `port`: a one-shot run ends before Prometheus could scrape it;
    /// `parley monitor` serves `/metrics`.
    public static let metrics = ProviderDeclaration(
        name: "metrics", summary: "Prometheus metrics of the run: a node_exporter textfile and/or a Pushgateway push.",
        settings: [
            SettingDeclaration("file", .path, "A node_exporter textfile (*.prom) to write atomically, relative to parley.yaml."),
            SettingDeclaration("pushgateway", .url, "A Prometheus Pushgateway's base URL to PUT the metrics to, e.g. http://pushgateway:9091."),
            SettingDeclaration("job", .text, "The Pushgateway job (default parley)."),
            SettingDeclaration("grouping", .mapping, "The Pushgateway grouping labels after the job, e.g. { instance: ci-1 }."),
            SettingDeclaration("labels", .mapping, "Labels added to every series."),
            SettingDeclaration("username", .text, "The Pushgateway's basic-auth user."),
            SettingDeclaration("password", .text, secret: true, "The Pushgateway's basic-auth password."),
            SettingDeclaration("retries", .integer, "Further push attempts after a 5xx, a 429 or a transport error, 0 to 10 (default 2)."),
            SettingDeclaration("flush", .duration, "How long the end of the run waits for the push (at most 10m, default 10s)."),
        ])

    /// The `exec` plugin.
    public static let exec = ProviderDeclaration(
        name: "exec", summary: "Any program: receives the run's events as JSON lines on standard input.",
        settings: [
            SettingDeclaration("command", .text, required: true, "The program, relative to parley.yaml or on PATH."),
            SettingDeclaration("args", .list, "Its arguments."),
            SettingDeclaration("env", .mapping, "Environment variables added to the inherited ones."),
            SettingDeclaration("flush", .duration, "How long the end of the run waits for the program to finish (at most 10m)."),
        ])
}
