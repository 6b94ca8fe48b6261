import Foundation
import ParleyCore
import ParleyModel

/// The run as one HTML file a person opens: no network, no CDN. The JSON report and each flow
/// run's transcript lines travel inside the page as JSON; the page's own script draws the summary,
/// the filters and each flow as a chat, only when a flow is opened or scrolled to, so a run of
/// thousands of flows stays quick. Events arrive masked, so no secret reaches the page.
public enum HTMLReport {
    /// The whole page; `transcripts` holds each flow run's transcript lines (`TranscriptLine`), by flow run id.
    public static func html(_ summary: RunSummary, transcripts: [String: [JSONValue]]) -> String {
        let data = ReportJSON.object(
            ("report", JSONReport.json(summary, transcripts: [:])),
            ("transcripts", .object(transcripts.sorted { $0.key < $1.key }.map { JSONMember($0.key, .array($0.value)) })))
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="parley">
            <title>Parley report</title>
            <style>\(HTMLReportPage.style)</style>
            </head>
            <body>
            <noscript>This report draws itself with JavaScript; the same run is in the JSON report.</noscript>
            <main id="app"></main>
            <script id="parley-data" type="application/json">\(scriptSafe(data.serialized()))</script>
            <script>\(HTMLReportPage.script)</script>
            </body>
            </html>

            """
    }

    /// JSON that cannot end its `<script>` element early: `<` (hence `</script>` and `<!--`), `>`, `&` and the
    /// two line separators JavaScript once disallowed are written as escapes, which JSON reads the same.
    static func scriptSafe(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
