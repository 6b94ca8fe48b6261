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

    /// A random UUID from `generator`: its version (4) and variant (RFC 9562) bits set. The first
    /// number's bytes come first, most significant first.
    public static func uuid<Generator: RandomNumberGenerator>(using generator: inout Generator) -> UUID {
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { bytes in
            bytes.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
            bytes[6] = (bytes[6] & 0x0F) | 0x40
            bytes[8] = (bytes[8] & 0x3F) | 0x80
        }
        return UUID(uuid: value)
    }

    /// A new random UUID as lower-case text.
    public static func string() -> String {
        uuid().uuidString.lowercased()
    }

    /// A new random UUID's 16 bytes as 32 lower-case hex digits, no dashes. Written into the
    /// string's storage: `parley serve` makes four for every CometChat conversation, and the
    /// arrays this was built from were a tenth of the hub's CPU in a debug build (2026-11-28).
    public static func hex() -> String {
        hex(of: uuid())
    }

    /// `id`'s 16 bytes as 32 lower-case hex digits.
    static func hex(of id: UUID) -> String {
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: id.uuid) { bytes in
            String(unsafeUninitializedCapacity: 32) { out in
                digits.withUTF8Buffer { digits in
                    for (index, byte) in bytes.enumerated() {
                        out[2 * index] = digits[Int(byte >> 4)]
                        out[2 * index + 1] = digits[Int(byte & 0x0F)]
                    }
                }
                return 32
            }
        }
    }
}
