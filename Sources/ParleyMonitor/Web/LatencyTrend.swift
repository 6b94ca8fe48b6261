import Foundation
import ParleyModel

/// A check's latency over its last runs as inline SVG (no script, no external file): one line per
/// measure (first token, reply complete, run finished), each point a run's mean over its turns,
/// oldest run on the left; under the axis one tick per run, coloured by its outcome. Pure.
struct LatencyTrend: Sendable {
    /// The runs, oldest first.
    var records: [CheckRecord]
    /// The check's name, for the picture's title.
    var check: String

    static let width = 640.0
    static let height = 190.0
    /// The plot's margins: room for the axis labels on the left and the outcome ticks below.
    static let left = 52.0
    static let right = 14.0
    static let top = 26.0
    static let bottom = 30.0

    /// Each measure's colour, picked to stay apart for colour-blind readers (Okabe-Ito).
    static func colour(_ measure: LatencyMeasure) -> String {
        switch measure {
        case .firstToken: return "#0072B2"
        case .replyComplete: return "#E69F00"
        case .runFinished: return "#009E73"
        }
    }

    static func colour(_ outcome: CheckOutcome) -> String {
        switch outcome {
        case .passed: return "#2e7d32"
        case .failed, .error, .timedOut: return "#c62828"
        case .interrupted: return "#9e9e9e"
        }
    }

    /// A run's mean of `measure` over the turns that reached it; nil when none did.
    static func mean(_ record: CheckRecord, _ measure: LatencyMeasure) -> Double? {
        let values = record.turns.compactMap { $0[measure]?.inSeconds }
        guard !values.isEmpty else { return nil }
        return values.reduce(0, +) / Double(values.count)
    }

    /// The smallest of 1, 2 or 5 times a power of ten at or above `value`: the y axis' top.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        let power = pow(10, floor(log10(value)))
        for step in [1.0, 2.0, 5.0, 10.0] where step * power >= value * (1 - 1e-9) { return step * power }
        return 10 * power
    }

    /// Seconds for an axis label: `250ms`, `1.5s`.
    static func label(_ seconds: Double) -> String {
        if seconds == 0 { return "0" }
        if seconds < 1 { return "\(Int((seconds * 1000).rounded()))ms" }
        return seconds == seconds.rounded() ? "\(Int(seconds))s" : String(format: "%.1fs", seconds)
    }

    /// The `<svg>` element.
    var svg: String {
        let width = Self.width
        let height = Self.height
        let plotWidth = width - Self.left - Self.right
        let plotHeight = height - Self.top - Self.bottom
        let means = records.map { record in LatencyMeasure.allCases.map { Self.mean(record, $0) } }
        let highest = means.flatMap { $0.compactMap { $0 } }.max() ?? 0
        let top = Self.niceCeiling(highest)
        let step = records.count > 1 ? plotWidth / Double(records.count - 1) : 0
        func x(_ index: Int) -> Double { records.count > 1 ? Self.left + Double(index) * step : Self.left + plotWidth / 2 }
        func y(_ seconds: Double) -> Double { Self.top + plotHeight * (1 - seconds / top) }
        func f(_ value: Double) -> String { String(format: "%.1f", value) }

        var out = #"<svg class="trend" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(Int(width)) \#(Int(height))" "#
        out += #"width="\#(Int(width))" height="\#(Int(height))" role="img" aria-label="\#(HTML.escape("Latency trend of \(check)"))">"#
        out += "<title>\(HTML.escape("Latency of \(check) over its last \(records.count) runs (mean per run)"))</title>"
        // Grid and axis labels: 0, half, top.
        for fraction in [0.0, 0.5, 1.0] {
            let value = top * fraction
            out += #"<line x1="\#(f(Self.left))" y1="\#(f(y(value)))" x2="\#(f(width - Self.right))" y2="\#(f(y(value)))" stroke="rgb(221,221,221)"/>"#
            out += #"<text x="\#(f(Self.left - 6))" y="\#(f(y(value) + 4))" text-anchor="end" font-size="11" fill="rgb(85,85,85)">\#(Self.label(value))</text>"#
        }
        // Legend across the top.
        var legendX = Self.left
        for measure in LatencyMeasure.allCases {
            out += #"<rect x="\#(f(legendX))" y="6" width="12" height="4" fill="\#(Self.colour(measure))"/>"#
            out += #"<text x="\#(f(legendX + 16))" y="12" font-size="11" fill="rgb(51,51,51)">\#(measure.rawValue)</text>"#
            legendX += 130
        }
        if highest == 0 {
            out += #"<text x="\#(f(Self.left + plotWidth / 2))" y="\#(f(Self.top + plotHeight / 2))" text-anchor="middle" font-size="12" fill="rgb(119,119,119)">no latency figures yet</text>"#
        }
        // One path per measure; a run without the measure breaks the line.
        for (column, measure) in LatencyMeasure.allCases.enumerated() {
            var path = ""
            var pen = false
            var dots = ""
            for (index, values) in means.enumerated() {
                guard let value = values[column] else {
                    pen = false
                    continue
                }
                path += "\(pen ? "L" : "M")\(f(x(index))) \(f(y(value))) "
                pen = true
                let tip = "\(measure.rawValue) \(Self.label(value)), run \(index + 1) (\(records[index].outcome.rawValue))"
                dots += #"<circle cx="\#(f(x(index)))" cy="\#(f(y(value)))" r="2.5" fill="\#(Self.colour(measure))"><title>\#(HTML.escape(tip))</title></circle>"#
            }
            if !path.isEmpty {
                out += #"<path d="\#(path.trimmingCharacters(in: .whitespaces))" fill="none" stroke="\#(Self.colour(measure))" stroke-width="1.5" data-measure="\#(measure.rawValue)"/>"#
            }
            out += dots
        }
        // One tick per run under the plot, coloured by outcome.
        let tickY = height - Self.bottom + 10
        for (index, record) in records.enumerated() {
            let tip = "run \(index + 1): \(record.outcome.rawValue)"
            out += #"<rect x="\#(f(x(index) - 2))" y="\#(f(tickY))" width="4" height="10" fill="\#(Self.colour(record.outcome))" data-outcome="\#(record.outcome.rawValue)"><title>\#(HTML.escape(tip))</title></rect>"#
        }
        out += "</svg>"
        return out
    }
}
