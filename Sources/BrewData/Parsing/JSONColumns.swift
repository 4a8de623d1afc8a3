/// Columns as `JSONParser` counts them: 1-based, in characters from the line's start (UTF-8
/// continuation bytes skipped). The last column counted and the byte it was counted at are kept,
/// so that the columns of one long line (a minified file) are counted once in all, not once per value.
struct JSONColumns {
    private var cacheIndex = 0
    private var cacheValue = 1

    mutating func column<Bytes: RandomAccessCollection<UInt8>>(of index: Int, lineStart: Int, in bytes: Bytes) -> Int where Bytes.Index == Int {
        var position = lineStart
        var count = 1
        if cacheIndex >= lineStart && cacheIndex <= index {
            position = cacheIndex
            count = cacheValue
        }
        while position < index {
            if bytes[position] & 0xC0 != 0x80 { count += 1 }
            position += 1
        }
        cacheIndex = index
        cacheValue = count
        return count
    }
}
