/// Input that stops a command before anything runs (exit 2): the text says what and where.
struct InvalidInput: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
