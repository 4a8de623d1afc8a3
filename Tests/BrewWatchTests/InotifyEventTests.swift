@testable import BrewWatch
import Testing

/// Reading the variable-length `inotify_event` records out of a `read()` buffer.
@Suite struct InotifyEventTests {
    /// One record as the kernel lays it out: the name NUL-padded to `paddedNameByteCount`.
    static func record(watch: Int32, mask: UInt32, cookie: UInt32 = 0, name: String, paddedNameByteCount: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: watch.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: mask.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: cookie.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: UInt32(paddedNameByteCount).littleEndian) { bytes += $0 }
        let name = Array(name.utf8)
        return bytes + name + Array(repeating: 0, count: paddedNameByteCount - name.count)
    }

    @Test func readsConsecutiveRecordsWithPaddedNames() {
        let bytes = Self.record(watch: 1, mask: 0x100, name: "a.json", paddedNameByteCount: 16)
            + Self.record(watch: 2, mask: 0x40, cookie: 77, name: "2024-05-01-morning.json", paddedNameByteCount: 32)
            + Self.record(watch: 2, mask: 0x400, name: "", paddedNameByteCount: 0)
        let events = bytes.withUnsafeBytes { InotifyEvent.events(in: $0) }
        #expect(events == [
            InotifyEvent(watchDescriptor: 1, mask: 0x100, cookie: 0, name: "a.json"),
            InotifyEvent(watchDescriptor: 2, mask: 0x40, cookie: 77, name: "2024-05-01-morning.json"),
            InotifyEvent(watchDescriptor: 2, mask: 0x400, cookie: 0, name: ""),
        ])
    }

    @Test func stopsAtATruncatedRecordInsteadOfReadingPastTheBuffer() {
        let whole = Self.record(watch: 1, mask: 0x2, name: "kept.json", paddedNameByteCount: 16)
        let cut = Array(Self.record(watch: 3, mask: 0x2, name: "lost.json", paddedNameByteCount: 16).prefix(20))
        let events = (whole + cut).withUnsafeBytes { InotifyEvent.events(in: $0) }
        #expect(events.map(\.name) == ["kept.json"])
        let headerOnly = Array(whole.prefix(10))
        #expect(headerOnly.withUnsafeBytes { InotifyEvent.events(in: $0) } == [])
    }

    @Test func readsARecordAtAnUnalignedOffset() {
        let bytes: [UInt8] = [0, 0, 0] + Self.record(watch: 9, mask: 0x8, name: "x.csv", paddedNameByteCount: 8)
        let events = bytes.withUnsafeBytes { InotifyEvent.events(in: UnsafeRawBufferPointer(rebasing: $0[3...])) }
        #expect(events == [InotifyEvent(watchDescriptor: 9, mask: 0x8, cookie: 0, name: "x.csv")])
    }
}
