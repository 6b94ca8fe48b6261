import ParleyModel

/// A CSV file read cell by cell with where each cell starts, so a row with a missing or extra
/// cell, or an empty one, can be reported at its own line of the CSV file rather than at `data:`.
/// RFC 4180: comma-separated, `"…"` quotes cells (a doubled `""` is a quote; commas and line
/// breaks may sit inside), LF, CRLF or CR ends a record. Blank lines are skipped.
struct CSVTable {
    /// One cell: its text (quotes undone) and where it starts.
    struct Cell {
        var text: String
        var location: SourceLocation
    }

    /// One record: its cells, and where it starts.
    struct Record {
        var cells: [Cell]
        var location: SourceLocation
    }

    /// Every non-blank record, the header first.
    var records: [Record]

    /// Why the text is not CSV: a quote left open.
    struct Problem: Error {
        var message: String
        var location: SourceLocation
    }

    /// Reads `text`, which came from `file`.
    init(text: String, file: String) throws(Problem) {
        var records: [Record] = []
        var cells: [Cell] = []
        var cell = ""
        var cellStart = SourceLocation(file: file, line: 1, column: 1)
        var recordStart = cellStart
        var line = 1
        var column = 1
        var quoted = false
        var quoteStart = cellStart
        // Whether anything was written in this record (a lone empty line is not a record).
        var sawContent = false
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var index = 0
        func here() -> SourceLocation { SourceLocation(file: file, line: line, column: column) }
        func endCell() {
            cells.append(Cell(text: cell, location: cellStart))
            cell = ""
        }
        func endRecord() {
            endCell()
            if sawContent { records.append(Record(cells: cells, location: recordStart)) }
            cells = []
            sawContent = false
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if quoted {
                if scalar == "\"" {
                    if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                        cell.unicodeScalars.append("\"")
                        index += 2
                        column += 2
                        continue
                    }
                    quoted = false
                    index += 1
                    column += 1
                    continue
                }
                cell.unicodeScalars.append(scalar)
                index += 1
                if scalar == "\n" || (scalar == "\r" && !(index < scalars.count && scalars[index] == "\n")) {
                    line += 1
                    column = 1
                } else if scalar != "\r" {
                    column += 1
                }
                continue
            }
            switch scalar {
            case "\"" where cell.isEmpty:
                quoted = true
                sawContent = true
                quoteStart = here()
                index += 1
                column += 1
            case ",":
                sawContent = true
                endCell()
                index += 1
                column += 1
                cellStart = here()
            case "\r", "\n":
                endRecord()
                index += scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" ? 2 : 1
                line += 1
                column = 1
                cellStart = here()
                recordStart = cellStart
            default:
                sawContent = true
                cell.unicodeScalars.append(scalar)
                index += 1
                column += 1
            }
        }
        if quoted { throw Problem(message: "a quoted cell is never closed", location: quoteStart) }
        endRecord()
        self.records = records
    }
}
