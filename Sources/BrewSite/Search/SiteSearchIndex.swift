import Foundation

/// The site's search index (`search-index.js`): every brew, recipe, night out, kitchen recipe and
/// cook log as a document (its kind, title, page and a short snippet) and, for every word, the
/// documents it is in. A pure function of what it is given; `SitePlan.feeds` writes it.
///
/// The file assigns `window.brewSearchIndex`, so a `<script src>` loads it from disk, where `fetch`
/// (and with it a WebAssembly index such as pagefind's) is refused. `assets/search.js` adds that
/// script element only when the search box is first used.
///
/// Words are lower-cased with diacritics folded (`SearchWords.of`), at least 2 characters, each once
/// a document. The documents list in the order they were added; a word's documents are written as
/// the gaps between their numbers, base 36, joined by commas ("0,3,a": documents 0, 3 and 13).
public struct SiteSearchIndex: Equatable, Sendable {
    /// What a document is, shown beside its title; the file names them once (`kinds`).
    public enum Kind: Int, CaseIterable, Sendable {
        case recipe, kitchenRecipe, night, brew, cooked

        var label: String {
            switch self {
            case .recipe: "Recipe"
            case .kitchenRecipe: "Kitchen recipe"
            case .night: "Night out"
            case .brew: "Brew"
            case .cooked: "Cooked"
            }
        }
    }

    public struct Document: Equatable, Sendable {
        public var kind: Kind
        public var title: String
        /// The page, relative to the site's root (`logs/2026/10/log-1.html`).
        public var url: String
        /// At most `snippetCharacters` characters of the document's text.
        public var snippet: String
    }

    public static let path = "search-index.js"
    /// The longest snippet, in characters (an ellipsis ends a cut one).
    public static let snippetCharacters = 60

    public private(set) var documents: [Document] = []
    /// Each word's documents, by number, ascending.
    public private(set) var postings: [String: [Int]] = [:]

    public init() {}

    /// Adds a document found by the words of `texts` (the title's words only when they are among
    /// them: a brew's date is not); its snippet is the first of `snippetFrom` that has text.
    public mutating func add(_ kind: Kind, title: String, url: String, texts: [String?], snippetFrom: [String?]) {
        let number = documents.count
        let snippetText = snippetFrom.lazy.compactMap { $0 }.map(Self.plain).first { !$0.isEmpty } ?? ""
        documents.append(Document(kind: kind, title: title, url: url, snippet: Self.cut(snippetText)))
        var seen: Set<String> = []
        for text in texts.compactMap({ $0 }) {
            for word in SearchWords.of(text) where seen.insert(word).inserted {
                postings[word, default: []].append(number)
            }
        }
    }

    /// Markdown's marks and line breaks out, runs of spaces as one.
    static func plain(_ text: String) -> String {
        var result = ""
        var lastWasSpace = true
        for character in text {
            if character == "*" || character == "_" || character == "`" || character == "#" || character == ">" { continue }
            if character.isWhitespace || character == "-" && lastWasSpace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
                continue
            }
            result.append(character)
            lastWasSpace = false
        }
        return result.hasSuffix(" ") ? String(result.dropLast()) : result
    }

    /// `text` cut to `snippetCharacters`, at a space where there is one in its last third.
    static func cut(_ text: String) -> String {
        guard text.count > snippetCharacters else { return text }
        var head = String(text.prefix(snippetCharacters - 1))
        if let space = head.lastIndex(of: " "), head.distance(from: head.startIndex, to: space) > snippetCharacters * 2 / 3 {
            head = String(head[..<space])
        }
        return head + "…"
    }

    /// The file: `window.brewSearchIndex = {…};`, its JSON with `<`, `>` and `&` escaped so no
    /// text can end the script or the file early.
    public func file() -> OutputFile {
        OutputFile(path: Self.path, text: "window.brewSearchIndex = \(HTMLEscaping.scriptSafeJSON(json()));\n")
    }

    /// `{"kinds":[…],"docs":[[kind,title,url,snippet],…],"words":{"word":"gaps",…}}`, words sorted.
    func json() -> String {
        var json = "{\"kinds\":["
        for kind in Kind.allCases {
            if kind.rawValue > 0 { json += "," }
            JSONLDValue.write(kind.label, into: &json)
        }
        json += "],\"docs\":["
        for (number, document) in documents.enumerated() {
            json += number == 0 ? "[" : ",["
            json += String(document.kind.rawValue)
            json += ","
            JSONLDValue.write(document.title, into: &json)
            json += ","
            JSONLDValue.write(document.url, into: &json)
            json += ","
            JSONLDValue.write(document.snippet, into: &json)
            json += "]"
        }
        json += "],\"words\":{"
        for (position, word) in postings.keys.sorted().enumerated() {
            if position > 0 { json += "," }
            JSONLDValue.write(word, into: &json)
            json += ":\""
            var previous = 0
            for (index, number) in postings[word]!.enumerated() {
                if index > 0 { json += "," }
                json += String(number - previous, radix: 36)
                previous = number
            }
            json += "\""
        }
        json += "}}"
        return json
    }
}
