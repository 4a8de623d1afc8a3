import Foundation

extension String {
    /// The text without spaces and tabs at either end (Foundation's `.whitespaces`), returned
    /// as it is, without a call into Foundation, when it has none: fields are read by the thousand.
    public var trimmingSpaces: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        let plain = { (byte: UInt8) in byte > 0x20 && byte < 0x80 }
        if plain(first) && plain(last) { return self }
        return trimmingCharacters(in: .whitespaces)
    }
}
