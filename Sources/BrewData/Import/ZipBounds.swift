/// Whether ZIPFoundation can read a zip held in memory without being sent outside it.
///
/// ZIPFoundation's in-memory archive stops the program (a Swift range trap) when it is asked to
/// read at an offset past the end of the bytes, and its reader takes the offsets a zip's central
/// directory gives on trust: a central directory, a local header, or a data descriptor placed past
/// the end by a damaged or hostile zip (a few flipped bytes) is a crash, not an error. This walks
/// the same records ZIPFoundation walks — the end of central directory (the last one, as it scans),
/// its ZIP64 record when there is one, each central directory entry with its ZIP64 extra field,
/// each local header — and names the first offset past the end. A zip it lets through is read by
/// ZIPFoundation without leaving the bytes; what ZIPFoundation itself refuses (a bad signature, a
/// record cut short) is left to it. Pure; linear in the bytes.
public enum ZipBounds {
    public static func problem(in bytes: [UInt8]) -> String? {
        let count = bytes.count
        func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : nil }
        func u32(_ at: Int) -> UInt64? {
            guard at >= 0, at + 4 <= count else { return nil }
            return (0..<4).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
        }
        func u64(_ at: Int) -> UInt64? {
            guard let low = u32(at), let high = u32(at + 4) else { return nil }
            return low | high << 32
        }
        // The end of central directory record: the first signature found scanning back from the end.
        var end: Int?
        var index = 22
        while index <= count {
            if u32(count - index) == 0x0605_4B50 { end = count - index; break }
            index += 1
        }
        guard let end, end + 22 <= count, let entries16 = u16(end + 10), let offset32 = u32(end + 16) else { return nil }
        var entries = UInt64(entries16), directory = offset32
        if end > 20, end - 20 > 56, u32(end - 20) == 0x0706_4B50, u32(end - 76) == 0x0606_4B50,
           let total = u64(end - 76 + 32), let offset = u64(end - 76 + 48) {
            entries = total
            directory = offset
        }
        func within(_ offset: UInt64, _ what: String) -> String? {
            offset <= UInt64(count) ? nil : "its \(what) is said to be at byte \(offset), past its end (\(count) bytes); it is damaged"
        }
        var position = directory
        var entry: UInt64 = 0
        while entry < entries {
            if let problem = within(position, "central directory") { return problem }
            let at = Int(position)
            // A record ZIPFoundation cannot read (cut short, no signature) ends its reading there.
            guard u32(at) == 0x0201_4B50, at + 46 <= count, let versionNeeded = u16(at + 6), let flags = u16(at + 8), let method = u16(at + 10),
                  let compressed32 = u32(at + 20), let uncompressed32 = u32(at + 24), let nameLength = u16(at + 28), let extraLength = u16(at + 30),
                  let commentLength = u16(at + 32), let disk16 = u16(at + 34), let local32 = u32(at + 42),
                  at + 46 + nameLength + extraLength + commentLength <= count else { return nil }
            // The ZIP64 extended information: its fields in order, each there when the 32-bit value is all ones.
            var sizes = (uncompressed: UInt64(0), compressed: UInt64(0), local: UInt64(0))
            var hasZIP64 = false
            let extraStart = at + 46 + nameLength, extraEnd = extraStart + extraLength
            var field = extraStart
            while field < extraEnd - 4 {
                guard let id = u16(field), let size = u16(field + 2) else { break }
                let next = field + 4 + size
                guard next <= extraEnd else { break }
                if id == 0x0001 {
                    let wanted = [uncompressed32 == 0xFFFF_FFFF, compressed32 == 0xFFFF_FFFF, local32 == 0xFFFF_FFFF, disk16 == 0xFFFF]
                    let expected = zip(wanted, [8, 8, 8, 4]).reduce(0) { $0 + ($1.0 ? $1.1 : 0) }
                    if expected == size {
                        hasZIP64 = true
                        var read = field + 4
                        func value(_ present: Bool) -> UInt64 {
                            guard present, let value = u64(read) else { return 0 }
                            read += 8
                            return value
                        }
                        sizes = (value(wanted[0]), value(wanted[1]), value(wanted[2]))
                    }
                    break
                }
                field = next
            }
            let isZIP64 = versionNeeded & 0xFF >= 45 || hasZIP64
            let local = isZIP64 && sizes.local > 0 ? sizes.local : local32
            if let problem = within(local, "entry \(entry + 1)'s local header") { return problem }
            guard u32(Int(local)) == 0x0403_4B50, let localName = u16(Int(local) + 26), let localExtra = u16(Int(local) + 28),
                  Int(local) + 30 + localName + localExtra <= count else { return nil }
            if flags & 0x08 != 0 {
                let compressed = isZIP64 && sizes.compressed > 0 ? sizes.compressed : compressed32
                let uncompressed = isZIP64 && sizes.uncompressed > 0 ? sizes.uncompressed : uncompressed32
                let data = method != 0 ? compressed : uncompressed
                let (descriptor, overflow) = (local + 30 + UInt64(localName + localExtra)).addingReportingOverflow(data)
                if overflow { return "entry \(entry + 1)'s data is said to be \(data) bytes long, past its end (\(count) bytes); it is damaged" }
                if let problem = within(descriptor, "entry \(entry + 1)'s data descriptor") { return problem }
            }
            position += UInt64(46 + nameLength + extraLength + commentLength)
            entry += 1
        }
        return nil
    }
}
