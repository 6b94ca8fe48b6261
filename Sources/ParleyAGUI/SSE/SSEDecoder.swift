import Foundation
import ParleyCore

/// A pure, incremental decoder for `text/event-stream` bodies (WHATWG HTML, "Server-sent events",
/// section "Parsing an event stream" and "Interpreting an event stream").
///
/// Bytes may arrive in chunks split anywhere: inside a CRLF pair, inside a multi-byte UTF-8
/// character or inside the leading byte order mark. UTF-8 is decoded only once a whole line is
/// buffered. The decoder performs no I/O.
///
/// One deliberate difference from browsers: ``finish()`` dispatches a last event that was not
/// followed by a blank line, where the spec discards it. Another: an event is held only up to
/// `eventLimit` bytes (its lines up to the blank line that ends it); past that the decoder drops
/// what it holds, decodes nothing more and says so in ``isOverLimit``.
public struct SSEDecoder: Sendable {
    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let lf: UInt8 = 0x0A
    private static let cr: UInt8 = 0x0D
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20

    /// Bytes seen so far while still deciding whether the stream starts with a BOM.
    private var bomPrefix: [UInt8] = []
    private var bomChecked = false
    /// The previous line ended in CR, so an LF right after it belongs to the same line ending.
    private var afterCR = false
    private var line: [UInt8] = []

    private var dataBuffer = ""
    private var eventType = ""
    private var lastEventID = ""
    private var retry: Int?
    /// The largest event held, in bytes.
    public let eventLimit: Int
    /// The bytes of the event being read so far.
    private var eventBytes = 0
    /// An event grew past `eventLimit`: nothing more is decoded.
    public private(set) var isOverLimit = false

    /// A decoder that holds an event of up to `eventLimit` bytes.
    public init(eventLimit: Int = EventSizeLimit.bytes) {
        self.eventLimit = eventLimit
    }

    /// Consumes a chunk and returns the events completed by it, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        let chunk = Array(bytes)
        var start = 0
        while !bomChecked, start < chunk.count {
            bomPrefix.append(chunk[start])
            start += 1
            if Self.bom.starts(with: bomPrefix) {
                if bomPrefix.count == Self.bom.count {
                    bomChecked = true
                    bomPrefix = []
                }
            } else {
                flushBOMPrefix(into: &events)
            }
        }
        chunk.withUnsafeBufferPointer { buffer in
            consume(UnsafeBufferPointer(rebasing: buffer[start...]), into: &events)
        }
        return events
    }

    /// Ends the stream: treats an unterminated last line as complete and dispatches a pending
    /// event even without a trailing blank line. The decoder is then reset for a new stream.
    public mutating func finish() -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        flushBOMPrefix(into: &events)
        if !line.isEmpty {
            process(line: line, into: &events)
        }
        dispatch(into: &events)
        self = SSEDecoder(eventLimit: eventLimit)
        return events
    }

    private mutating func flushBOMPrefix(into events: inout [ServerSentEvent]) {
        bomChecked = true
        let prefix = bomPrefix
        bomPrefix = []
        prefix.withUnsafeBufferPointer { consume($0, into: &events) }
    }

    /// Consumes bytes a line at a time: the bytes up to a line break are searched with `memchr`
    /// and copied whole, so a 16 MiB event costs a few copies, not 16 million steps (which a
    /// debug build took 15 s of CPU for).
    private mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent]) {
        var index = 0
        while index < bytes.count, !isOverLimit {
            if afterCR {
                afterCR = false
                if bytes[index] == Self.lf {
                    index += 1
                    continue
                }
            }
            let end = Self.lineBreak(in: bytes, from: index)
            guard counted(end - index) else { return }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
            index = end
            guard index < bytes.count, counted(1) else { return }
            if bytes[index] == Self.cr { afterCR = true }
            index += 1
            endLine(into: &events)
        }
    }

    /// Counts `n` more bytes of the event; past the limit, drops what is held (a larger event is
    /// refused, not kept) and returns false.
    private mutating func counted(_ n: Int) -> Bool {
        eventBytes += n
        guard eventBytes <= eventLimit else {
            isOverLimit = true
            line = []
            dataBuffer = ""
            return false
        }
        return true
    }

    /// The index of the first CR or LF at or after `start`, or the end.
    private static func lineBreak(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        let length = bytes.count - start
        var end = bytes.count
        for delimiter in [lf, cr] {
            if let found = memchr(base + start, Int32(delimiter), length) {
                end = min(end, base.distance(to: found.assumingMemoryBound(to: UInt8.self)))
            }
        }
        return end
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        let complete = line
        line = []
        if complete.isEmpty {
            dispatch(into: &events)
        } else {
            process(line: complete, into: &events)
        }
    }

    private mutating func process(line: [UInt8], into events: inout [ServerSentEvent]) {
        if line.first == Self.colon { return }  // comment
        let name: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colonIndex = line.firstIndex(of: Self.colon) {
            name = line[..<colonIndex]
            value = line[(colonIndex + 1)...]
            if value.first == Self.space { value = value.dropFirst() }
        } else {
            name = line[...]
            value = []
        }
        switch String(decoding: name, as: UTF8.self) {
        case "data":
            dataBuffer += String(decoding: value, as: UTF8.self)
            dataBuffer += "\n"
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "id":
            if !value.contains(0) {
                lastEventID = String(decoding: value, as: UTF8.self)
            }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }),
                let milliseconds = Int(String(decoding: value, as: UTF8.self))
            {
                retry = milliseconds
            }
        default:
            break  // unknown fields are ignored
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            eventBytes = 0
            dataBuffer = ""
            eventType = ""
            retry = nil
        }
        guard !dataBuffer.isEmpty else { return }
        var data = dataBuffer
        if data.hasSuffix("\n") { data.removeLast() }
        events.append(
            ServerSentEvent(
                event: eventType.isEmpty ? nil : eventType,
                data: data,
                id: lastEventID.isEmpty ? nil : lastEventID,
                retry: retry
            )
        )
    }
}
