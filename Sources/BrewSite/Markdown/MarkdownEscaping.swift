import Mustache

/// Makes user text literal inside Markdown: every ASCII punctuation character that could
/// start Markdown syntax gets a backslash (CommonMark 2.4), and line breaks become spaces,
/// so a recipe name can never become a heading, a link or raw HTML.
public struct MarkdownEscaping: MustacheContentType {
    public init() {}

    public static let contentTypeName = "MARKDOWN"

    /// Registers the `{{% CONTENT_TYPE: MARKDOWN }}` pragma with swift-mustache.
    public static func register() {
        MustacheContentTypes.register(MarkdownEscaping(), named: contentTypeName)
    }

    public func escapeText(_ text: String) -> String { Self.escape(text) }

    /// Characters that start Markdown syntax anywhere in a line.
    /// (`&` only where it could start an entity: before a letter or `#`.)
    static let inlineSpecial = ByteClass("\\`*_[]<>")
    /// Characters that start Markdown syntax only at the start of a line (headings, lists, quotes).
    static let lineStartSpecial = ByteClass("#+-=>")

    public static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { escape($0) } ?? text
    }

    /// Whether the text reads the same escaped: nothing special anywhere, and nothing at its
    /// start that could begin a block (white space, `#`, `-`, a digit, …).
    static func isLiteral(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        if first == 0x20 || first == 0x09 || lineStartSpecial.contains(first) { return false }
        if isDigit(first) {
            // Digits start an ordered list only when `.` or `)` and then a space or the end follow
            // them ("15 g" and "1:16.7" read the same escaped; "1. " and "3)" do not).
            var end = 1
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"),
               end + 1 == bytes.count || bytes[end + 1] == 0x20 || bytes[end + 1] == 0x09 { return false }
        }
        return !bytes.contains { inlineSpecial.contains($0) || $0 == UInt8(ascii: "&") || $0 == 0x0A || $0 == 0x0D }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The escaped text; nil when it reads the same escaped (unless `always`).
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, always: Bool = false) -> String? {
        if !always && isLiteral(bytes) { return nil }
        var result = [UInt8]()
        result.reserveCapacity(bytes.count + 8)
        var index = 0
        // Leading whitespace is dropped: it could make an indented code block.
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        // (`>` is escaped anywhere, below: escaped here too, it showed as `\>`.)
        if index < bytes.count, lineStartSpecial.contains(bytes[index]), !inlineSpecial.contains(bytes[index]) {
            result.append(UInt8(ascii: "\\"))
        } else {
            // "1. " or "1) " at the start would begin an ordered list ("3.8" would not).
            var digitEnd = index
            while digitEnd < bytes.count, bytes[digitEnd] >= 0x30, bytes[digitEnd] <= 0x39 { digitEnd += 1 }
            if digitEnd > index, digitEnd < bytes.count, bytes[digitEnd] == UInt8(ascii: ".") || bytes[digitEnd] == UInt8(ascii: ")"),
               digitEnd + 1 == bytes.count || bytes[digitEnd + 1] == 0x20 || bytes[digitEnd + 1] == 0x09 {
                result.append(contentsOf: bytes[index..<digitEnd])
                result.append(UInt8(ascii: "\\"))
                index = digitEnd
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                result.append(0x20)
            } else {
                if inlineSpecial.contains(byte) || (byte == UInt8(ascii: "&") && index + 1 < bytes.count && startsEntity(bytes[index + 1])) {
                    result.append(UInt8(ascii: "\\"))
                }
                result.append(byte)
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func startsEntity(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "#") || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
