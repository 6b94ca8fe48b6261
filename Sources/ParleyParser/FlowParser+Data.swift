import ParleyModel

extension FlowParser {
    /// The rows of a CSV `data:` file, each cell located in the CSV file; none when the file is not
    /// a table (reported here, so the variable checker stays quiet about names it cannot know). Every row must have exactly the header's cells: a short row would run with a
    /// variable missing, a long one would drop a value, and neither says so at run time.
    func csvRows(file: String, resolved: String, text: String, at node: SourceLocation, _ context: ParseContext) -> [[Assignment]] {
        let table: CSVTable
        do {
            table = try CSVTable(text: text, file: resolved)
        } catch {
            context.error("data file '\(file)' is not valid CSV: \(error.message)", at: error.location)
            return []
        }
        guard let header = table.records.first else {
            context.error("data file '\(file)' is empty; it needs a header row naming the variables, then one row per run", at: node)
            return []
        }
        var columns: [String] = []
        for cell in header.cells {
            if !ParseContext.isIdentifier(cell.text) {
                context.error("data file '\(file)' has column '\(cell.text)', which is not a valid variable name", at: cell.location)
            } else if columns.contains(cell.text) {
                context.error("data file '\(file)' has column '\(cell.text)' twice", at: cell.location)
            }
            columns.append(cell.text)
        }
        let records = table.records.dropFirst()
        if records.isEmpty {
            context.error("data file '\(file)' has a header but no rows, so the flow would never run", at: header.location)
        }
        var rows: [[Assignment]] = []
        for (offset, record) in records.enumerated() {
            let row = offset + 1
            let shape = "row \(row) of '\(file)' has \(record.cells.count) cell\(record.cells.count == 1 ? "" : "s")"
            if record.cells.count < columns.count {
                let missing = columns[record.cells.count...].map { "'\($0)'" }.joined(separator: ", ")
                context.error("\(shape) but the header has \(columns.count); missing \(missing)", at: record.location)
            } else if record.cells.count > columns.count {
                let extra = record.cells[columns.count]
                context.error(
                    "\(shape) but the header has \(columns.count) (\(columns.joined(separator: ", "))); '\(extra.text)' has no column",
                    at: extra.location)
            }
            // The assignment is where `data:` named the file; its value is where the cell is.
            rows.append(
                zip(columns, record.cells).map { column, cell in
                    Assignment(name: column, value: .string(Template(literal: cell.text, location: cell.location)), location: node)
                })
        }
        return rows
    }
}
