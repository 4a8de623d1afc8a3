import BrewKit
#if canImport(Glibc)
import Glibc
#endif

/// Reads a merge journal as a stream of byte chunks (`MergeJournal.load` feeds it the file a
/// megabyte at a time), so that a journal of 250 MB costs the changes it holds, not a tree of
/// the whole file: each change object is cut out of the stream and parsed on its own
/// (`JSONParser`), and its bytes are let go once it is read.
///
/// Rules: the document is one object; its member `changes` is an array whose elements are handed
/// over one by one, with the line each starts on; the value of `format` is kept; other members
/// are skipped. Outside the elements the reader checks the grammar itself (strings, brackets,
/// commas and colons in their places, nothing after the end), so a journal that is not JSON is
/// refused as before, with the line and column of the first byte that is wrong.
struct MergeJournalReader {
    struct Failure: Error {
        var message: String
        var line: Int
        var column: Int
    }

    /// Where the grammar is between values.
    private enum Expect {
        case document, firstKey, key, colon, memberValue, memberEnd, firstElement, element, elementEnd, end
    }

    /// A value being cut out: strings and nesting tracked, its bytes kept when `keeps`.
    private struct Capture {
        var bytes: [UInt8] = []
        var keeps: Bool
        var depth = 0
        var inString = false
        var escaped = false
        var isScalar = false
        var startLine: Int
    }

    private var expect = Expect.document
    private var capture: Capture?
    /// What the capture is: a member's key, a member's value, or an element of `changes`.
    private enum Capturing { case key, memberValue, element }
    private var capturing = Capturing.key
    private var memberKey = ""
    private(set) var format: [UInt8]?
    private(set) var sawChanges = false
    /// Whether `changes` was something other than an array.
    private(set) var changesNotArray = false
    private(set) var line = 1
    private var column = 0
    /// The longest member value other than `changes` kept (a format name is 23 bytes).
    static let keptValueBytes = 4096

    /// Reads `chunk`; `element` is called with each element of `changes` and its first line (what
    /// it throws ends the reading). Throws a `Failure` where the grammar is broken.
    mutating func feed(_ chunk: ArraySlice<UInt8>, element: ([UInt8], Int) throws -> Void) throws {
        var index = chunk.startIndex
        while index < chunk.endIndex {
            // Inside a string being cut out (a change's base64 bytes, mostly): taken up to its
            // next quote, backslash or line break at once.
            let run = plainStringRun(in: chunk, from: index)
            if run > 0 {
                takeRun(chunk[index..<index + run])
                index += run
                continue
            }
            let byte = chunk[index]
            index += 1
            if byte == 0x0A { line += 1; column = 0 } else { column += 1 }
            if capture != nil {
                if try captureTakes(byte, element: element) { continue }
            }
            try grammar(byte)
        }
    }

    /// How many bytes from `start` are inside the string being cut out with nothing in them to
    /// look at (no quote, backslash or line break); 0 when not in such a string.
    private func plainStringRun(in chunk: ArraySlice<UInt8>, from start: Int) -> Int {
        guard let value = capture, value.inString, !value.escaped else { return 0 }
        return chunk[start...].withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var end = buffer.count
            for stop in [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A] {
                if let found = memchr(base, Int32(stop), end) { end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) }
            }
            return end
        }
    }

    /// Adds a run of plain string bytes to the value being cut out.
    private mutating func takeRun(_ run: ArraySlice<UInt8>) {
        guard var value = capture else { return }
        capture = nil
        column += run.count
        keep(run, in: &value)
        capture = value
    }

    /// Appends `bytes` to a value that keeps its bytes; a member's value past `keptValueBytes` is let go.
    private func keep(_ bytes: some Collection<UInt8>, in value: inout Capture) {
        guard value.keeps else { return }
        value.bytes.append(contentsOf: bytes)
        if capturing == .memberValue, value.bytes.count > Self.keptValueBytes { value.keeps = false; value.bytes = [] }
    }

    /// Checks the end of the document.
    mutating func finish(element: ([UInt8], Int) throws -> Void) throws {
        if capture?.isScalar == true { try completeCapture(element: element) }
        guard expect == .end, capture == nil else { throw Failure(message: "the journal ends before its last bracket", line: line, column: column) }
    }

    private func fail(_ message: String) -> Failure { Failure(message: message, line: line, column: column) }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Feeds `byte` to the value being cut out; false when the byte ends a scalar and is the
    /// grammar's to read.
    private mutating func captureTakes(_ byte: UInt8, element: ([UInt8], Int) throws -> Void) throws -> Bool {
        guard var value = capture else { return false }
        if value.isScalar, Self.isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
            try completeCapture(element: element)
            return false
        }
        // Taken out while it grows, so that its bytes are appended in place, never copied.
        capture = nil
        keep(CollectionOfOne(byte), in: &value)
        var done = false
        if value.isScalar {
            // A number, true, false or null: it ends at the byte the grammar reads.
        } else if value.inString {
            if value.escaped { value.escaped = false } else if byte == UInt8(ascii: "\\") { value.escaped = true } else if byte == UInt8(ascii: "\"") {
                value.inString = false
                done = value.depth == 0
            }
        } else {
            switch byte {
            case UInt8(ascii: "\""): value.inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): value.depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                value.depth -= 1
                done = value.depth == 0
            default: break
            }
        }
        capture = value
        if done { try completeCapture(element: element) }
        return true
    }

    /// Starts cutting out a value whose first byte is `byte`.
    private mutating func startCapture(_ byte: UInt8, _ what: Capturing, keeps: Bool) {
        var value = Capture(keeps: keeps, startLine: line)
        value.bytes = keeps ? [byte] : []
        switch byte {
        case UInt8(ascii: "\""): value.inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): value.depth = 1
        default: value.isScalar = true
        }
        capturing = what
        capture = value
    }

    private mutating func completeCapture(element: ([UInt8], Int) throws -> Void) throws {
        guard let value = capture else { return }
        capture = nil
        switch capturing {
        case .key:
            guard case .string(let text)? = (try? JSONParser.parse(value.bytes, file: ""))?.value else { throw fail("a member's name does not read") }
            memberKey = text
            expect = .colon
        case .memberValue:
            if memberKey == "format" { format = value.bytes }
            if memberKey == "changes" { changesNotArray = true; sawChanges = true }
            expect = .memberEnd
        case .element:
            try element(value.bytes, value.startLine)
            expect = .elementEnd
        }
    }

    /// The bytes between values.
    private mutating func grammar(_ byte: UInt8) throws(Failure) {
        if Self.isSpace(byte) { return }
        let char = Character(Unicode.Scalar(byte))
        switch expect {
        case .document:
            guard char == "{" else { throw fail("expected an object, found \"\(char)\"") }
            expect = .firstKey
        case .firstKey, .key:
            if char == "}", expect == .firstKey { expect = .end; return }
            guard char == "\"" else { throw fail("expected a member's name in quotes, found \"\(char)\"") }
            startCapture(byte, .key, keeps: true)
        case .colon:
            guard char == ":" else { throw fail("expected \":\" after a member's name, found \"\(char)\"") }
            expect = .memberValue
        case .memberValue:
            if memberKey == "changes", char == "[" {
                sawChanges = true
                expect = .firstElement
            } else {
                startCapture(byte, .memberValue, keeps: memberKey == "format" || memberKey == "changes")
            }
        case .memberEnd:
            if char == "," { expect = .key } else if char == "}" { expect = .end } else { throw fail("expected \",\" or \"}\", found \"\(char)\"") }
        case .firstElement, .element:
            if char == "]", expect == .firstElement { expect = .memberEnd; return }
            startCapture(byte, .element, keeps: true)
        case .elementEnd:
            if char == "," { expect = .element } else if char == "]" { expect = .memberEnd } else { throw fail("expected \",\" or \"]\" between changes, found \"\(char)\"") }
        case .end:
            throw fail("unexpected \"\(char)\" after the end of the journal")
        }
    }
}
