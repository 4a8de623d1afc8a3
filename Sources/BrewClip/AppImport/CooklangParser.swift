import Foundation

/// A Cooklang recipe as the language gives it (https://cooklang.org/docs/spec/): metadata, and
/// blocks — steps made of text, ingredients, cookware and timers; section names (`= Dough`);
/// notes (`> …`).
public struct CooklangRecipe: Sendable, Equatable {
    public var metadata: [(key: String, value: String)] = []
    public var blocks: [Block] = []

    public init() {}

    public enum Block: Sendable, Equatable {
        case step([Item])
        case section(String)
        case note(String)
    }

    public enum Item: Sendable, Equatable {
        case text(String)
        /// `quantity` is the text between `{` and `%` as written, nil when none was given.
        case ingredient(name: String, quantity: String?, units: String, note: String?)
        case cookware(name: String, quantity: String?)
        case timer(name: String, quantity: String?, units: String)
    }

    public var steps: [[Item]] {
        blocks.compactMap { if case .step(let items) = $0 { return items } else { return nil } }
    }

    public func metadata(_ keys: String...) -> String? {
        for key in keys {
            if let value = metadata.first(where: { $0.key.lowercased() == key })?.value, !value.isEmpty { return value }
        }
        return nil
    }

    public static func == (lhs: CooklangRecipe, rhs: CooklangRecipe) -> Bool {
        lhs.blocks == rhs.blocks && lhs.metadata.map(\.key) == rhs.metadata.map(\.key) && lhs.metadata.map(\.value) == rhs.metadata.map(\.value)
    }
}

/// Reads Cooklang text. Pure; never fails: what is not markup is text.
///
/// - Metadata: a YAML-style front matter between `---` lines at the top (`key: value` lines), and
///   `>> key: value` lines anywhere.
/// - Comments: `--` to the end of the line (not inside `---`), and `[- … -]` blocks.
/// - A step is a paragraph: lines up to a blank line, joined with a space.
/// - `@name`, `#name`, `~name` take one word (up to white space or punctuation); `@two words{…}`
///   takes every word up to `{`. `{quantity%units}`; an ingredient's `(note)` right after `}`.
///   `@`, `#`, `~` before white space are text. A backslash keeps the next markup character as text.
/// - `= Name` (or `== Name ==`) is a section; `> text` a note.
public enum CooklangParser {
    static let markup: Set<Character> = ["@", "#", "~", "{", "}", "%", "-", "=", ">", "[", "]", "(", ")", "\\"]

    public static func parse(_ source: String) -> CooklangRecipe {
        var recipe = CooklangRecipe()
        var lines = source.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n").components(separatedBy: "\n")
        // Front matter.
        if lines.first?.trimmingCharacters(in: .whitespaces) == "---",
           let end = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" }) {
            for line in lines[1..<end] {
                if let (key, value) = keyValue(line) { recipe.metadata.append((key, value)) }
            }
            lines = Array(lines[(end + 1)...])
        }
        let text = removingBlockComments(lines.joined(separator: "\n"))
        var paragraph: [String] = []
        func flush() {
            defer { paragraph = [] }
            guard !paragraph.isEmpty else { return }
            let items = self.items(paragraph.joined(separator: " "))
            if !items.isEmpty { recipe.blocks.append(.step(items)) }
        }
        for rawLine in text.components(separatedBy: "\n") {
            let trimmed = rawLine.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(">>") {
                flush()
                if let (key, value) = keyValue(String(trimmed.dropFirst(2))) { recipe.metadata.append((key, value)) }
                continue
            }
            let line = removingLineComment(rawLine)
            let content = line.trimmingCharacters(in: .whitespaces)
            if content.isEmpty {
                // A line that held only a comment is no paragraph break.
                if trimmed.isEmpty { flush() }
                continue
            }
            if content.hasPrefix("=") {
                flush()
                let name = content.trimmingCharacters(in: CharacterSet(charactersIn: "= \t"))
                if !name.isEmpty { recipe.blocks.append(.section(name)) }
                continue
            }
            if content.hasPrefix(">") {
                flush()
                recipe.blocks.append(.note(String(content.dropFirst()).trimmingCharacters(in: .whitespaces)))
                continue
            }
            paragraph.append(line)
        }
        flush()
        return recipe
    }

    static func keyValue(_ line: String) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let key = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? nil : (key, value)
    }

    /// `[- … -]` removed, over lines too.
    static func removingBlockComments(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "[-") {
            if open.lowerBound > rest.startIndex, rest[rest.index(before: open.lowerBound)] == "\\" {
                result += rest[..<open.upperBound]
                rest = rest[open.upperBound...]
                continue
            }
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-]") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The line up to `--` (not part of `---`, not escaped).
    static func removingLineComment(_ line: String) -> String {
        let characters = Array(line)
        var index = 0
        while index + 1 < characters.count {
            if characters[index] == "\\" { index += 2; continue }
            if characters[index] == "-", characters[index + 1] == "-",
               index == 0 || characters[index - 1] != "-", index + 2 >= characters.count || characters[index + 2] != "-" {
                return String(characters[..<index])
            }
            index += 1
        }
        return line
    }

    /// The items of one step's text.
    static func items(_ text: String) -> [CooklangRecipe.Item] {
        let characters = Array(text)
        var items: [CooklangRecipe.Item] = []
        var buffer = ""
        func flushText() {
            if !buffer.isEmpty { items.append(.text(buffer)) }
            buffer = ""
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, markup.contains(characters[index + 1]) {
                buffer.append(characters[index + 1])
                index += 2
                continue
            }
            if character == "@" || character == "#" || character == "~", let (item, next) = component(character, characters, at: index) {
                flushText()
                items.append(item)
                index = next
                continue
            }
            buffer.append(character)
            index += 1
        }
        flushText()
        return items
    }

    /// A component starting at `start` (its sigil), and where the text goes on; nil when it is text.
    static func component(_ sigil: Character, _ characters: [Character], at start: Int) -> (CooklangRecipe.Item, Int)? {
        let nameStart = start + 1
        guard nameStart < characters.count, !characters[nameStart].isWhitespace else { return nil }
        var name = ""
        var braces: (quantity: String?, units: String, end: Int)?
        // Several words up to a `{`, when nothing on the way is markup of another component.
        var probe = nameStart
        var candidate = ""
        while probe < characters.count {
            let character = characters[probe]
            if character == "\\", probe + 1 < characters.count { candidate.append(characters[probe + 1]); probe += 2; continue }
            if character == "{" || character == "@" || character == "#" || character == "~" || character == "}" { break }
            candidate.append(character)
            probe += 1
        }
        if probe < characters.count, characters[probe] == "{", let inside = bracesContent(characters, openAt: probe) {
            name = candidate
            braces = inside
        } else {
            // One word: up to white space or punctuation.
            var end = nameStart
            while end < characters.count {
                let character = characters[end]
                if character.isWhitespace || character.isPunctuation || "@#~{}".contains(character) { break }
                name.append(character)
                end += 1
            }
            if end < characters.count, characters[end] == "{", let inside = bracesContent(characters, openAt: end) { braces = inside }
            if braces == nil { braces = (nil, "", end) }
        }
        guard let braces else { return nil }
        name = name.trimmingCharacters(in: .whitespaces)
        var next = braces.end
        switch sigil {
        case "@":
            guard !name.isEmpty else { return nil }
            var note: String?
            if next < characters.count, characters[next] == "(", let close = closing(")", in: characters, from: next + 1) {
                note = unescaped(characters[(next + 1)..<close])
                next = close + 1
            }
            return (.ingredient(name: name, quantity: braces.quantity, units: braces.units, note: note), next)
        case "#":
            guard !name.isEmpty else { return nil }
            return (.cookware(name: name, quantity: braces.quantity), next)
        default:
            guard !name.isEmpty || braces.quantity != nil else { return nil }
            return (.timer(name: name, quantity: braces.quantity, units: braces.units), next)
        }
    }

    /// `{quantity%units}` from the `{` at `open`: each part trimmed, an empty quantity as nil, and
    /// the index after `}`; nil without a closing brace.
    static func bracesContent(_ characters: [Character], openAt open: Int) -> (quantity: String?, units: String, end: Int)? {
        guard let close = closing("}", in: characters, from: open + 1) else { return nil }
        var quantity = "", units = "", inUnits = false
        var index = open + 1
        while index < close {
            var character = characters[index]
            if character == "\\", index + 1 < close { index += 1; character = characters[index] } else if character == "%", !inUnits { inUnits = true; index += 1; continue }
            if inUnits { units.append(character) } else { quantity.append(character) }
            index += 1
        }
        let trimmedQuantity = quantity.trimmingCharacters(in: .whitespaces)
        return (trimmedQuantity.isEmpty ? nil : trimmedQuantity, units.trimmingCharacters(in: .whitespaces), close + 1)
    }

    static func closing(_ mark: Character, in characters: [Character], from start: Int) -> Int? {
        var index = start
        while index < characters.count {
            if characters[index] == "\\" { index += 2; continue }
            if characters[index] == mark { return index }
            index += 1
        }
        return nil
    }

    static func unescaped(_ characters: ArraySlice<Character>) -> String {
        var text = ""
        var escaping = false
        for character in characters {
            if !escaping, character == "\\" { escaping = true; continue }
            escaping = false
            text.append(character)
        }
        return text
    }

    /// A quantity as a number when it is one (`3`, `1.5`, `1/2`, `1 / 2`; not `01/2`), for the
    /// canonical tests' comparison.
    public static func number(_ quantity: String) -> Double? {
        let text = quantity.trimmingCharacters(in: .whitespaces)
        if let slash = text.firstIndex(of: "/") {
            let top = text[..<slash].trimmingCharacters(in: .whitespaces), bottom = text[text.index(after: slash)...].trimmingCharacters(in: .whitespaces)
            guard let numerator = wholeNumber(top), let denominator = wholeNumber(bottom), denominator != 0 else { return nil }
            if top.count > 1, top.hasPrefix("0") { return nil }
            return numerator / denominator
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), text.filter({ $0 == "." }).count <= 1 else { return nil }
        return Double(text)
    }

    static func wholeNumber(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Double(text)
    }
}
