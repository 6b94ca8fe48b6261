import Foundation
import ParleyLog

/// Standard error as a `TextOutputStream`, for `print(…, to: &standardError)`; like the console, it
/// falls silent when its reader goes away instead of ending the process (`DescriptorOutput`).
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        DescriptorOutput.standardError.write(string)
    }
}

nonisolated(unsafe) var standardError = StandardError()
