import Foundation

/// Standard error as a `TextOutputStream`, for `print(…, to: &standardError)`.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

nonisolated(unsafe) var standardError = StandardError()
