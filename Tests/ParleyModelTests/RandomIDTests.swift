import Foundation
@testable import ParleyModel
import Testing

@Suite("random ids")
struct RandomIDTests {
    @Test("a random id is a version 4 UUID of the RFC's variant, and ids differ")
    func versionAndVariant() {
        var seen = Set<UUID>()
        for _ in 0..<1_000 {
            let id = RandomID.uuid()
            #expect(id.uuid.6 >> 4 == 4, "\(id)")
            #expect(id.uuid.8 >> 6 == 0b10, "\(id)")
            seen.insert(id)
        }
        #expect(seen.count == 1_000)
        let text = RandomID.string()
        #expect(text == text.lowercased() && UUID(uuidString: text) != nil)
        let hex = RandomID.hex()
        #expect(hex.count == 32 && hex.allSatisfy { "0123456789abcdef".contains($0) }, "\(hex)")
        #expect(hex[hex.index(hex.startIndex, offsetBy: 12)] == "4", "the version digit: \(hex)")
    }

    @Test("hex is the UUID's bytes in order: its text without dashes, lower-cased")
    func hexIsTheBytes() {
        for _ in 0..<100 {
            let id = RandomID.uuid()
            #expect(RandomID.hex(of: id) == id.uuidString.lowercased().replacingOccurrences(of: "-", with: ""))
        }
    }

    @Test("the bytes are the generator's, in order, but for the version and variant bits")
    func bytesInOrder() {
        var generator = Counting()
        var copy = generator
        let id = RandomID.uuid(using: &generator)
        let high = copy.next() as UInt64, low = copy.next() as UInt64
        let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
        let expected = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        for index in 0..<16 where index != 6 && index != 8 {
            #expect(bytes[index] == expected[index], "byte \(index)")
        }
        #expect(bytes[6] & 0x0F == expected[6] & 0x0F && bytes[8] & 0x3F == expected[8] & 0x3F)
    }
}

/// A generator whose numbers are known: 1, 2, 3… times a large odd constant.
private struct Counting: RandomNumberGenerator {
    var count: UInt64 = 0

    mutating func next() -> UInt64 {
        count += 1
        return count &* 0x9E37_79B9_7F4A_7C15
    }
}
