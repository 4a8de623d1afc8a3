/// One `struct inotify_event` record as read from an inotify descriptor: a 16-byte header (watch
/// descriptor, mask, cookie, name length) and then `len` bytes of name, NUL-padded.
struct InotifyEvent: Equatable {
    /// The watch descriptor the event is for (−1 for a queue overflow).
    var watchDescriptor: Int32
    /// The `IN_*` bits.
    var mask: UInt32
    /// Pairs the `IN_MOVED_FROM` and `IN_MOVED_TO` halves of one rename.
    var cookie: UInt32
    /// The name inside the watched directory; empty for events on the directory itself.
    var name: String

    /// Bytes in the fixed part of a record.
    static let headerByteCount = 16

    /// The records in `bytes`, as `read()` returned them. A truncated record at the end (which the kernel
    /// never produces) is dropped rather than read past the buffer.
    static func events(in bytes: UnsafeRawBufferPointer) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var offset = 0
        while bytes.count - offset >= headerByteCount {
            let watchDescriptor = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let cookie = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let nameByteCount = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerByteCount
            guard nameByteCount <= bytes.count - nameStart else { break }
            let nameBytes = UnsafeRawBufferPointer(rebasing: bytes[nameStart ..< nameStart + nameByteCount])
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            events.append(InotifyEvent(watchDescriptor: watchDescriptor, mask: mask, cookie: cookie, name: name))
            offset = nameStart + nameByteCount
        }
        return events
    }
}
