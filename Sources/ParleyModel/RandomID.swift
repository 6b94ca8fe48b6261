import Foundation

/// Random (version 4) UUIDs from the system's generator. Foundation's `UUID()` on Linux opens,
/// reads and closes /dev/urandom for every id: measured at over 1% of `parley run`'s CPU when each
/// flow run opens a session (issue 20). `SystemRandomNumberGenerator` asks the kernel directly.
public enum RandomID {
    /// A new random UUID.
    public static func uuid() -> UUID {
        var generator = SystemRandomNumberGenerator()
        return uuid(using: &generator)
    }

    /// A random UUID from `generator`: its version (4) and variant (RFC 9562) bits set.
    public static func uuid<Generator: RandomNumberGenerator>(using generator: inout Generator) -> UUID {
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }

    /// A new random UUID as lower-case text.
    public static func string() -> String {
        uuid().uuidString.lowercased()
    }

    /// A new random UUID's 16 bytes as 32 lower-case hex digits, no dashes.
    public static func hex() -> String {
        let digits = Array("0123456789abcdef".utf8)
        let bytes = withUnsafeBytes(of: uuid().uuid) { Array($0) }
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }
}
